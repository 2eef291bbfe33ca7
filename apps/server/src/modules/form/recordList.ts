import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { modelForCaller } from './formModel.ts';
import { requireFormAction } from './recordAccess.ts';
import { listRecords, presentRow, type ListQuery } from './recordStore.ts';
import { parseFormId } from './tableNames.ts';

export interface FormListReply {
  errCode: 0;
  datas: Array<Record<string, unknown>>;
  totalCount: number;
  totalCountKind: 'exact' | 'capped' | 'estimate';
}

/**
 * A page of a form's records as the caller may see them: the `view` permission on the form (403
 * otherwise) and the data scope of the roles granting it. Every list call of a form's own records
 * goes through here (queryFormDataByConditions, queryformdata and their GET / V2 variants), so the
 * check and the scope cannot be left out of one of them.
 */
export async function listFormRecords(
  ctx: AppContext,
  request: FastifyRequest,
  rawFormId: unknown,
  query: ListQuery,
): Promise<FormListReply> {
  const formId = parseFormId(rawFormId);
  const scope = requireFormAction(request, formId, 'view');
  const model = await modelForCaller(ctx, authOf(request), formId);
  const result = await listRecords(ctx.db, model.main, query, scope, { model, log: request.log });
  return {
    errCode: 0,
    datas: result.rows.map((r) => presentRow(r, model.main)),
    totalCount: result.totalCount,
    totalCountKind: result.totalCountKind,
  };
}
