import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { AUTO_REPORT_TEXT as T } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { AutoReports } from './service.ts';

/** 报表设计 › 自动报表 is granted through its menu's perms. */
export const AUTO_REPORT_PERMISSION = 'report:autoReport';

const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) });
const Body = Type.Object({ id: Type.Optional(Type.Union([Type.Null(), Type.Integer(), Type.String()])) }, { additionalProperties: true });
const EnableBody = Type.Object({ enabled: Type.Boolean() });
const LogQuery = Type.Object({ pageNum: Type.Integer({ minimum: 1, default: 1 }), pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }) });

/** 自动报表 (管理, permission report:autoReport) and 订阅 (any reader of the report, for themselves). */
export function autoReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const s = new AutoReports(ctx);
  const manage = { permission: AUTO_REPORT_PERMISSION };
  const change = (action: string) => ({ ...manage, mutates: true, audit: { module: '自动报表', action } });
  const idOf = (p: unknown) => (p as Static<typeof IdParams>).id;

  app.get('/api/report/autoReport/list', { config: manage }, async (r) => ({ errCode: 0, datas: await s.list(authOf(r)) }));
  app.get('/api/report/autoReport/get/:id', { schema: { params: IdParams }, config: manage }, async (r) => ({ errCode: 0, data: await s.get(authOf(r), idOf(r.params)) }));
  app.post('/api/report/autoReport/save', { schema: { body: Body }, config: change('保存自动报表') }, async (r) => {
    const body = r.body as Static<typeof Body>;
    const id = await s.save(authOf(r), body.id == null || body.id === '' ? null : String(body.id), body);
    return { errCode: 0, errMsg: T.saved, id: Number(id) };
  });
  app.post('/api/report/autoReport/delete/:id', { schema: { params: IdParams }, config: change('删除自动报表') }, async (r) => {
    await s.remove(authOf(r), idOf(r.params));
    return { errCode: 0, errMsg: T.deleted };
  });
  app.post('/api/report/autoReport/enable/:id', { schema: { params: IdParams, body: EnableBody }, config: change('启用/停用自动报表') }, async (r) => {
    await s.setEnabled(authOf(r), idOf(r.params), (r.body as Static<typeof EnableBody>).enabled);
    return { errCode: 0 };
  });
  app.post('/api/report/autoReport/send/:id', { schema: { params: IdParams }, config: change('立即发送自动报表') }, async (r) => {
    const o = await s.sendNow(authOf(r), idOf(r.params));
    return { errCode: 0, errMsg: o.result === '成功' ? T.sent : `发送失败：${o.error}`, data: { ...o, fileId: o.fileId === null ? null : Number(o.fileId) } };
  });
  app.get('/api/report/autoReport/log/:id', { schema: { params: IdParams, querystring: LogQuery }, config: manage }, async (r) => {
    const q = r.query as Static<typeof LogQuery>;
    return { errCode: 0, ...(await s.log(authOf(r), idOf(r.params), q.pageNum, q.pageSize)) };
  });

  // 订阅: the caller's own; reading the report is checked by the service.
  app.post('/api/report/subscription/save', { schema: { body: Body }, config: { mutates: true } }, async (r) => {
    const id = await s.subscribe(authOf(r), r.body as Record<string, unknown>);
    return { errCode: 0, errMsg: '订阅成功', id: Number(id) };
  });
  app.get('/api/report/subscription/mine', async (r) => ({ errCode: 0, datas: await s.subscriptions(authOf(r)) }));
  app.post('/api/report/subscription/cancel/:id', { schema: { params: IdParams }, config: { mutates: true } }, async (r) => {
    await s.remove(authOf(r), idOf(r.params), true);
    return { errCode: 0, errMsg: '已取消订阅' };
  });
}
