import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { listRecords, presentRow, type ListQuery } from './recordStore.ts';
import { parseFormId } from './tableNames.ts';

export interface FormListInput extends ListQuery {
  formId?: unknown;
}

/**
 * A page of a form's records: the one list function behind queryFormDataByConditions, queryformdata
 * (POST and GET) and the V2 calls, so every check placed here applies to all of them.
 */
export async function listFormData(ctx: AppContext, request: FastifyRequest, input: FormListInput) {
  const model = await ctx.forms.load(ctx.db, parseFormId(input.formId));
  const result = await listRecords(ctx.db, model.main, input, authOf(request));
  return {
    errCode: 0 as const,
    datas: result.rows.map((r) => presentRow(r, model.main)),
    totalCount: result.totalCount,
    totalCountKind: result.totalCountKind,
  };
}
