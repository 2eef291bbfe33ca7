import type { FastifyRequest } from 'fastify';
import { appPreviewColumns, appSlotKeys, normalizeAppSettings } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { modelForCaller } from './formModel.ts';
import { listFormData } from './listQuery.ts';
import { parseFormId } from './tableNames.ts';

export interface AppPreviewInput {
  formId: unknown;
  pageNum: number;
  pageSize: number;
  tableItem?: unknown;
  queryConditions?: unknown;
}

/**
 * previewQueryAppFormData (screens-round3 §2.6): the designer's phone preview of the mobile list.
 * The card layout comes in the body, not yet saved; every key it names must be a column of the
 * form, and the rows answer only those columns (and id), so the preview cannot be used to read
 * columns the cards do not show. The rows come from listFormData, so the caller's view right and
 * data scope apply as on the list page.
 */
export async function previewAppFormData(ctx: AppContext, request: FastifyRequest, input: AppPreviewInput) {
  const formId = parseFormId(input.formId);
  const model = await modelForCaller(ctx, authOf(request), formId);
  const asked = normalizeAppSettings({ tableItem: input.tableItem });
  const known = normalizeAppSettings({ tableItem: input.tableItem }, model.meta);
  const knownKeys = new Set(appSlotKeys(known));
  const unknown = appSlotKeys(asked).find((k) => !knownKeys.has(k));
  if (unknown !== undefined) throw badRequest(`移动端列表字段不存在: ${unknown.slice(0, 64)}`);
  const reply = await listFormData(ctx, request, {
    formId,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    queryConditions: input.queryConditions,
  });
  const keep = appPreviewColumns(known, model.meta);
  return {
    ...reply,
    datas: reply.datas.map((row) => Object.fromEntries(keep.filter((k) => Object.hasOwn(row, k)).map((k) => [k, row[k]]))),
  };
}
