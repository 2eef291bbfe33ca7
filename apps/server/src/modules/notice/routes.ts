import type { FastifyInstance, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { NOTICE_KIND, NOTICE_TEXT, SMS_VARIABLES } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { maskPhone } from '../company/index.ts';

/*
 * 公告 calls: the original's /api/user/…Notice… (kh.config.json) and ours under /api/notice/ for
 * publishing, reading, read statistics and 短信设置. Every call is authorised by the service.
 */
type Body = Record<string, unknown>;
const input = (r: FastifyRequest): Body => ({ ...((r.query as Body) ?? {}), ...(typeof r.body === 'object' && r.body !== null ? (r.body as Body) : {}) });
const page = (b: Body) => ({ pageNum: Math.max(1, Number(b.pageNum) || 1), pageSize: Math.min(500, Math.max(1, Number(b.pageSize) || 10)) });
const audit = (action: string) => ({ audit: { module: '信息发布', action } });
const BOTH = ['GET', 'POST'] as ('GET' | 'POST')[];

export function noticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const s = ctx.notices;
  const list = (kind: number) => async (r: FastifyRequest) => {
    const b = input(r);
    return { errCode: 0, ...(await s.list(authOf(r), { kind, tenantId: b.tenantId ? String(b.tenantId) : undefined, title: b.title ? String(b.title) : undefined, noticeType: b.noticeType ? String(b.noticeType) : undefined, ...page(b) })) };
  };
  const save = (kind: number) => async (r: FastifyRequest) => {
    const id = await s.save(authOf(r), { ...input(r), kind });
    return { errCode: 0, errMsg: NOTICE_TEXT.saved, id: Number(id) };
  };

  // ---- the original's calls ----
  app.post('/api/user/saveNotice', { config: audit('保存公告') }, async (r) => {
    // A tenant's admin saves its own 企业公告 here; the park its 平台公告.
    const auth = authOf(r);
    return save(auth.user.userType === 0 ? NOTICE_KIND.platform : NOTICE_KIND.enterprise)(r);
  });
  app.post('/api/user/saveNoticeForTenant', { config: audit('保存企业公告') }, save(NOTICE_KIND.enterprise));
  app.route({ method: BOTH, url: '/api/user/queryNotice', handler: async (r) => list(authOf(r).user.userType === 0 ? NOTICE_KIND.platform : NOTICE_KIND.enterprise)(r) });
  app.route({ method: BOTH, url: '/api/user/queryEnterpriseNoticeForPlatForm', handler: list(NOTICE_KIND.enterprise) });
  app.post('/api/user/batchDeleteNotice', { config: audit('删除公告') }, async (r) => {
    const b = input(r);
    await s.remove(authOf(r), b.ids ?? b.noticeIds);
    return { errCode: 0, errMsg: NOTICE_TEXT.deleted };
  });
  app.route({
    method: BOTH, url: '/api/user/queryNoticePermission',
    handler: async (r) => {
      const auth = authOf(r);
      const may = async (kind: number) => s.manageScope(auth, kind).then(() => true, () => false);
      return { errCode: 0, data: { platform: await may(NOTICE_KIND.platform), enterprise: await may(NOTICE_KIND.enterprise) } };
    },
  });
  app.route({ method: BOTH, url: '/api/user/queryNoticeTenantBlackLisByFileId', handler: async (r) => ({ errCode: 0, data: (await s.get(authOf(r), String(input(r).id ?? input(r).noticeId ?? ''))).blackList }) });

  app.route({ method: BOTH, url: '/api/user/queryPlatFormNoticeUsedBackground', handler: async (r) => ({ errCode: 0, datas: await s.usedBackgrounds(authOf(r), NOTICE_KIND.platform, null) }) });
  const usedByTenant = async (r: FastifyRequest) => ({ errCode: 0, datas: await s.usedBackgrounds(authOf(r), NOTICE_KIND.enterprise, (r.params as { tenantId?: string }).tenantId ?? input(r).tenantId) });
  app.route({ method: BOTH, url: '/api/user/queryEnterpriseNoticeUsedBackground', handler: usedByTenant });
  app.route({ method: BOTH, url: '/api/user/queryEnterpriseNoticeUsedBackground/:tenantId', handler: usedByTenant });

  // ---- ours ----
  app.get('/api/notice/get', async (r) => ({ errCode: 0, data: await s.get(authOf(r), String(input(r).id ?? '')) }));
  app.post('/api/notice/publish', { config: audit('发布公告') }, async (r) => {
    const b = input(r);
    return { errCode: 0, errMsg: await s.publish(authOf(r), b.id, b.timing, b.publishTime) };
  });
  app.post('/api/notice/withdraw', { config: audit('撤回公告') }, async (r) => {
    await s.withdraw(authOf(r), input(r).id);
    return { errCode: 0, errMsg: NOTICE_TEXT.withdrawn };
  });
  app.get('/api/notice/readers', async (r) => {
    const b = input(r);
    return { errCode: 0, data: await s.readers(authOf(r), b.id, b.read) };
  });
  app.get('/api/notice/readers/export', async (r, reply) => {
    const b = input(r);
    const rows = await s.readers(authOf(r), b.id, b.read);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('阅读情况');
    ws.columns = [
      { header: '企业', key: 'companyName', width: 24 }, { header: '部门', key: 'orgName', width: 20 }, { header: '姓名', key: 'realName', width: 14 },
      { header: '手机号', key: 'phone', width: 16 }, { header: '状态', key: 'state', width: 8 }, { header: '阅读时间', key: 'readTime', width: 22 },
    ];
    for (const x of rows) ws.addRow({ ...x, state: x.read ? '已读' : '未读', readTime: x.readTime ? new Date(x.readTime).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '' });
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('公告阅读情况.xlsx')}`)
      .send(buf);
  });
  app.get('/api/notice/mine', async (r) => ({ errCode: 0, ...(await s.mine(authOf(r), page(input(r)).pageNum, page(input(r)).pageSize)) }));
  app.get('/api/notice/unread', async (r) => ({ errCode: 0, data: await s.unread(authOf(r)) }));
  app.get('/api/notice/read', async (r) => ({ errCode: 0, data: await s.read(authOf(r), input(r).id) }));

  // ---- 短信设置 ----
  app.get('/api/notice/sms/setting', async (r) => {
    s.requireSms(authOf(r));
    return { errCode: 0, data: { gateway: s.gateway(), variables: SMS_VARIABLES, templates: await s.repo.templates() } };
  });
  app.post('/api/notice/sms/template/save', { config: audit('保存短信模板') }, async (r) => {
    s.requireSms(authOf(r));
    return { errCode: 0, errMsg: NOTICE_TEXT.saved, id: Number(await s.saveTemplate(input(r))) };
  });
  app.post('/api/notice/sms/template/delete', { config: audit('删除短信模板') }, async (r) => {
    s.requireSms(authOf(r));
    const id = String(input(r).id ?? '');
    if (!/^[1-9]\d{0,17}$/.test(id)) return { errCode: 0, errMsg: NOTICE_TEXT.deleted };
    await s.repo.deleteTemplate(id);
    return { errCode: 0, errMsg: NOTICE_TEXT.deleted };
  });
  app.post('/api/notice/sms/test', { config: audit('测试短信') }, async (r) => {
    s.requireSms(authOf(r));
    await s.testSend(input(r));
    return { errCode: 0, errMsg: '测试短信已提交发送' };
  });
  app.get('/api/notice/sms/log', async (r) => {
    s.requireSms(authOf(r));
    const b = input(r);
    const { pageNum, pageSize } = page(b);
    const { total, rows } = await s.repo.smsLog({ phone: b.phone ? `%${String(b.phone).replace(/\D/g, '')}%` : undefined, status: b.status ? String(b.status) : undefined, offset: (pageNum - 1) * pageSize, limit: pageSize });
    return { errCode: 0, totalCount: total, datas: rows.map((x) => ({ ...x, id: Number(x.id), phone: maskPhone(x.phone) })) };
  });
}
