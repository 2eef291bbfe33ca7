import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { recordIdOf, requireFormAction, parseFormId, subModel } from '../form/index.ts';
import { startInstance } from './start.ts';

/** A new record with its sub-table rows, in addpcformdata's shape: { parent, child: [{ subKey, subDatas }] }. */
function withChildren(body: Record<string, unknown>): { parent: Record<string, unknown>; child: Array<{ subKey: string; subDatas: Array<Record<string, unknown>> }> } | null {
  if (typeof body.parent !== 'object' || body.parent === null || Array.isArray(body.parent)) return null;
  const child = body.child === undefined ? [] : body.child;
  const ok =
    Array.isArray(child) &&
    child.every(
      (c) =>
        typeof c === 'object' && c !== null && typeof (c as { subKey?: unknown }).subKey === 'string' &&
        Array.isArray((c as { subDatas?: unknown }).subDatas) && (c as { subDatas: unknown[] }).subDatas.length <= 1000 &&
        (c as { subDatas: unknown[] }).subDatas.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r)),
    );
  if (!ok) throw badRequest('请求体格式不正确');
  return { parent: body.parent as Record<string, unknown>, child: child as Array<{ subKey: string; subDatas: Array<Record<string, unknown>> }> };
}

/**
 * startformflow: saves the record (a new one, with its sub-table rows when the body is
 * addpcformdata's { parent, child }; or with `id` an existing one the caller may edit, e.g. after
 * a rejection) and starts its approval, in one transaction: a refused flow leaves no record or
 * row behind, a refused record or row starts no flow.
 */
export async function startFormFlow(ctx: AppContext, request: FastifyRequest, rawFormId: unknown, body: Record<string, unknown>) {
  const formId = parseFormId(rawFormId);
  const existing = body.id !== undefined && body.id !== null && body.id !== '' ? recordIdOf(body.id) : null;
  const scope = requireFormAction(request, formId, existing ? 'edit' : 'add');
  const model = await ctx.forms.load(ctx.db, formId);
  if (model.status !== 0) throw badRequest('表单已停用');
  const auth = authOf(request);
  const initiator = { userId: auth.userId, realName: auth.user.realName || auth.user.username };
  const pc = existing ? null : withChildren(body);
  if (pc) {
    let processInstanceId = '';
    const children = pc.child.map((c) => ({ table: subModel(model, c.subKey), rows: c.subDatas }));
    const record = await ctx.records.addWithChildren(ctx.db, request, model, pc.parent, children, async (trx, parent) => {
      processInstanceId = await startInstance(trx, model, parent, initiator);
      await writeAudit(trx, request, { action: '提交审批', module: '审批', targetType: `form:${formId}`, targetId: String(parent.id), detail: { processInstanceId } });
    });
    return { businessId: Number(record.id), processInstanceId: Number(processInstanceId) };
  }
  return ctx.db.transaction().execute(async (trx) => {
    let record;
    if (existing) {
      const before = await ctx.records.find(trx, model.main, existing, scope, true);
      record = await ctx.records.update(trx, request, model, model.main, before, body, null);
    } else {
      record = await ctx.records.addIn(trx, request, model, body);
    }
    const processInstanceId = await startInstance(trx, model, record, initiator);
    await writeAudit(trx, request, { action: '提交审批', module: '审批', targetType: `form:${formId}`, targetId: String(record.id), detail: { processInstanceId } });
    return { businessId: Number(record.id), processInstanceId: Number(processInstanceId) };
  });
}
