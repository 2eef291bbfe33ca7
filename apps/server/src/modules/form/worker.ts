/**
 * The form module's face for job threads (the import/export and report export threads, ADR 0005,
 * 0019): what such a thread may load — designs and their table models, row checks, record scopes,
 * the condition compiler, table names, the list's count bound. None of it holds the main thread's
 * state (batched prepared statements, caches fed by NOTIFY) or answers a request, so a thread's
 * bundle stays small; everything else of the module is in index.ts, which re-exports this.
 *
 * Why checkRow (prepareRow's answer without an exception) is here, outside records.service.ts:
 * the import checks each row on its thread, where the service cannot run; both come down to the
 * same function. The import then writes through the records API's thread entry
 * (recordImport.ts, cause 'import'), plain functions over its transaction.
 */
export { buildFormModel, loadModelFor, modelForCaller, subModel, type FormModel, type FormModelCache, type TableModel } from './formModel.ts';
export { loadDesign, NO_DESIGN, type SavedDesign } from './savedDesign.ts';
export { checkRow, type RowCheck, type WriteContext } from './recordWriter.ts';
export { insertCheckedFamilies, insertCheckedRows, type CheckedFamily, type ImportActor } from './recordImport.ts';
export {
  ALL_RECORDS,
  companyOnlyScope,
  isUnscoped,
  recordScopeFor,
  requireFormAction,
  scopeCondition,
  scopeKey,
  type RecordScope,
} from './recordAccess.ts';
export { compileCondition } from './queryCompiler.ts';
export { formIdOfTable, formTable, parseFormId, subTable } from './tableNames.ts';
export { COUNT_CAP } from './list/listCount.ts';
