import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { recordIdOf } from '../form/requestParts.ts';
import { buildWriteContext } from '../form/recordFiles.ts';
import { requireFormAction } from '../form/recordAccess.ts';
import { insertRecord, readRecord, updateRecord } from '../form/recordStore.ts';
import { prepareRow } from '../form/recordWriter.ts';
import { parseFormId } from '../form/tableNames.ts';
import { startInstance } from './start.ts';

/**
 * startformflow: saves the record (a new one, or with `id` an existing one the caller may edit,
 * e.g. after a rejection) and starts its approval, in one transaction: a refused flow leaves no
 * record behind, a refused record starts no flow.
 */
export async function startFormFlow(ctx: AppContext, request: FastifyRequest, rawFormId: unknown, body: Record<string, unknown>) {
  const formId = parseFormId(rawFormId);
  const existing = body.id !== undefined && body.id !== null && body.id !== '' ? recordIdOf(body.id) : null;
  const scope = requireFormAction(request, formId, existing ? 'edit' : 'add');
  const model = await ctx.forms.load(ctx.db, formId);
  if (model.status !== 0) throw badRequest('表单已停用');
  const auth = authOf(request);
  return ctx.db.transaction().execute(async (trx) => {
    let record;
    if (existing) {
      const before = await readRecord(trx, model.main, existing, scope, true);
      const wctx = await buildWriteContext(request, trx, [[model.main, [body, before]]]);
      record = await updateRecord(trx, model, model.main, before, prepareRow(model.main, body, wctx, before), auth, null);
    } else {
      const wctx = await buildWriteContext(request, trx, [[model.main, [body]]]);
      record = await insertRecord(trx, model, model.main, prepareRow(model.main, body, wctx), auth);
    }
    const processInstanceId = await startInstance(trx, model, record, { userId: auth.userId, realName: auth.user.realName || auth.user.username });
    await writeAudit(trx, request, { action: '提交审批', module: '审批', targetType: `form:${formId}`, targetId: String(record.id), detail: { processInstanceId } });
    return { businessId: Number(record.id), processInstanceId: Number(processInstanceId) };
  });
}
