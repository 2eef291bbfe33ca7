import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listFormRecords } from './recordList.ts';
import type { ListQuery } from './recordStore.ts';

export interface FormListInput extends ListQuery {
  formId?: unknown;
}

/**
 * The catalogue's list calls (GET queryformdata, the V2 calls) carry the form id inside their input;
 * they end in listFormRecords like queryFormDataByConditions, so its view check and data scope apply.
 */
export function listFormData(ctx: AppContext, request: FastifyRequest, input: FormListInput) {
  return listFormRecords(ctx, request, input.formId, input);
}
