import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { formAccessRoutes } from './access.routes.ts';
import { appPreviewRoutes } from './appPreview.routes.ts';
import { pickerSourceRoutes } from './pickerSources.routes.ts';
import { designRoutes } from './design.routes.ts';
import { designDraftRoutes } from './designDraft.routes.ts';
import { designPreviewRoutes } from './designPreview.routes.ts';
import { formConfRoutes } from './formConf.routes.ts';
import { listV2Routes } from './listV2.routes.ts';
import { recordRoutes } from './records.routes.ts';
import { formServiceRoutes } from './routes.ts';
import { subRoutes } from './sub.routes.ts';

/**
 * The form module's face (issue 45): every other module, app.ts, bootstrap.ts and the seeds import
 * the form module only through this file (or, on a job thread, through worker.ts, which this
 * re-exports). It gives the module's routes, its services — FormModelCache (ctx.forms) and the
 * one records API, RecordService (ctx.records: add, update, delete and find records for users,
 * automations and approvals) — and the helpers other modules read records and designs with.
 */
export * from './worker.ts';
export { FormModelCache } from './formModel.ts';
export { recordReply, RecordService, SKIPPED_UNDER_APPROVAL, type ApprovalWriter, type EventCause, type RecordActor, type RecordCause, type Row } from './records.service.ts';
export { mayEditRecordFile } from './heldFiles.ts';
export { presentRow } from './recordStore.ts';
export { fileIdsOf } from './recordFiles.ts';
export type { RecordViewers } from './recordViewers.ts';
export { servedFormMeta } from './formConf.service.ts';
export { describeTable, resolveFormTable, type FormTableRef } from './pickerSources.ts';
export { FORM_DESIGN_PERMISSION } from './permissions.ts';
export { flatBody, parseIdList, recordIdOf } from './requestParts.ts';
export { requireFormAction } from './recordAccess.ts';
export { syncFormTables } from './tableSync.ts';
export { installFormDesign, placePackagedFormInGroup, removeEmptyPackagedForm } from './packagedDesign.ts';

/** Every route of the form module: designs, records, sub-tables, list pages, pickers' sources. */
export function formRoutes(app: FastifyInstance, ctx: AppContext): void {
  formServiceRoutes(app, ctx);
  formConfRoutes(app, ctx);
  designRoutes(app, ctx);
  designPreviewRoutes(app, ctx);
  designDraftRoutes(app, ctx);
  recordRoutes(app, ctx);
  listV2Routes(app, ctx);
  appPreviewRoutes(app, ctx);
  subRoutes(app, ctx);
  formAccessRoutes(app);
  pickerSourceRoutes(app, ctx);
}
