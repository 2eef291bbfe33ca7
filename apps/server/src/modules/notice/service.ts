import type { Transaction } from 'kysely';
import { NOTICE_KIND, NOTICE_STATUS, NOTICE_TEXT, DEFAULT_NOTICE_SMS, noticeError, readSummary, smsTemplateError, isMobilePhone, SMS_TEXT, renderSms } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { allows, type AuthContext } from '../../plugins/authContext.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { likeContains } from '../../plugins/scope.ts';
import { attachFileRefs, detachFileRefs, unreadableFileIds } from '../file/index.ts';
import { queueSms } from '../company/index.ts';
import { NoticeRepo, type NoticeRow } from './repo.ts';
import { sanitizeNoticeHtml } from './sanitize.ts';
import { backgroundOf, resolveNoticeBackground } from './background.ts';

/** The menu codes of the 信息发布 screens (seeds/notices.ts grants them through the menus). */
export const NOTICE_PERMS = { platform: 'notice:platform', enterprise: 'notice:enterprise', sms: 'notice:sms' } as const;

export const NOTICE_DELIVER_QUEUE = 'notice-deliver';
/** Attachments are held in sys_file_ref under this key, so the upload collector keeps them. */
const FILE_REF = 'notice';

const ID = /^[1-9]\d{0,17}$/;
const parseId = (raw: unknown): string => {
  const s = String(raw ?? '').trim();
  if (!ID.test(s)) throw badRequest('参数不合法');
  return s;
};
const idList = (raw: unknown): string[] => {
  const list = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
  return [...new Set(list.map((v) => String(v).trim()).filter(Boolean))].map(parseId);
};
const isPark = (auth: AuthContext) => auth.user.userType === 0;
/** 主管理员 (0) and 子管理员 (1) of a tenant write its 企业公告. */
const isTenantAdmin = (auth: AuthContext, tenantUserType: number | null) => !isPark(auth) && auth.user.companyId !== null && (tenantUserType === 0 || tenantUserType === 1);

export class NoticeService {
  readonly repo: NoticeRepo;
  constructor(private readonly ctx: AppContext) {
    this.repo = new NoticeRepo(ctx.db);
  }

  private async tenantUserType(auth: AuthContext): Promise<number | null> {
    const r = await this.ctx.db.selectFrom('sys_user').select('tenant_user_type').where('id', '=', auth.userId).executeTakeFirst();
    return r?.tenant_user_type ?? null;
  }

  /**
   * Who may manage notices of `kind`: the park with the screen's code; a tenant's admins only the
   * 企业公告 of their own tenant. Returns the company the caller is held to (null: any, the park).
   */
  async manageScope(auth: AuthContext, kind: number): Promise<string | null> {
    if (isPark(auth)) {
      if (!allows(auth.permissions, kind === NOTICE_KIND.platform ? NOTICE_PERMS.platform : NOTICE_PERMS.enterprise)) throw forbidden();
      return null;
    }
    if (kind !== NOTICE_KIND.enterprise || !isTenantAdmin(auth, await this.tenantUserType(auth))) throw forbidden();
    return String(auth.user.companyId);
  }

  /** A notice the caller manages, or 404 (another tenant's notice does not exist for it). */
  private async managed(auth: AuthContext, id: string): Promise<NoticeRow> {
    const n = await this.repo.get(this.ctx.db, id);
    if (!n) throw notFound(NOTICE_TEXT.notFound);
    const scope = await this.manageScope(auth, n.kind);
    if (scope !== null && n.company_id !== scope) throw notFound(NOTICE_TEXT.notFound);
    return n;
  }

  async save(auth: AuthContext, b: Record<string, unknown>): Promise<string> {
    const kind = Number(b.kind ?? (b.tenantId || b.companyId ? NOTICE_KIND.enterprise : NOTICE_KIND.platform));
    if (kind !== NOTICE_KIND.platform && kind !== NOTICE_KIND.enterprise) throw badRequest('参数不合法');
    const scope = await this.manageScope(auth, kind);
    const err = noticeError({ title: b.title, noticeType: b.noticeType, content: b.content });
    if (err) throw badRequest(err);
    let companyId: string | null = null;
    if (kind === NOTICE_KIND.enterprise) {
      const named = b.tenantId || b.companyId ? parseId(b.tenantId ?? b.companyId) : null;
      // A tenant's admin writes for its own tenant only; naming another is refused, not redirected.
      if (scope !== null && named !== null && named !== scope) throw forbidden();
      companyId = scope ?? named;
      if (!companyId) throw badRequest(NOTICE_TEXT.tenantRequired);
      const exists = await this.ctx.db.selectFrom('sys_company').select('id').where('id', '=', companyId).executeTakeFirst();
      if (!exists) throw badRequest(NOTICE_TEXT.tenantRequired);
    }
    const id = b.id ? parseId(b.id) : null;
    if (id) {
      const old = await this.managed(auth, id);
      if (old.kind !== kind || old.company_id !== companyId) throw notFound(NOTICE_TEXT.notFound);
      if (old.status === NOTICE_STATUS.published) throw badRequest(NOTICE_TEXT.notEditable);
    }
    const orgIds = kind === NOTICE_KIND.enterprise ? idList(b.orgIds) : [];
    const userIds = kind === NOTICE_KIND.enterprise ? idList(b.userIds) : [];
    const blackList = kind === NOTICE_KIND.platform ? idList(b.blackList ?? b.tenantBlackList) : [];
    const fileIds = idList(b.fileIds);
    const background = b.backgroundFileId ? parseId(b.backgroundFileId) : null;
    const { backgroundKey } = await resolveNoticeBackground(this.ctx.db, b.backgroundKey, background);
    await this.checkTargets(companyId, orgIds, userIds, [...fileIds, ...(background ? [background] : [])]);
    // Attaching a file lends it to every receiver: only files the writer may read themselves.
    if ((await unreadableFileIds(this.ctx, auth, [...fileIds, ...(background ? [background] : [])])).length) throw badRequest('附件不存在');
    return this.ctx.db.transaction().execute(async (trx) => {
      const noticeId = await this.repo.save(trx, id, {
        kind, companyId, title: String(b.title).trim(), noticeType: String(b.noticeType).trim(),
        content: sanitizeNoticeHtml(String(b.content)), backgroundFileId: background, backgroundKey,
        smsNotify: b.smsNotify === true || b.smsNotify === 1 || b.smsNotify === '1' || b.smsNotify === 'true',
        fileIds, blackList, orgIds, userIds,
      }, auth.userId);
      await detachFileRefs(trx, { formId: 0, recordId: noticeId, subKey: FILE_REF });
      const held = [...fileIds, ...(background ? [background] : [])];
      if (held.length) await attachFileRefs(trx, { formId: 0, recordId: noticeId, subKey: FILE_REF, fileIds: held });
      return noticeId;
    });
  }

  /** Departments and people must be the tenant's own; files must exist. */
  private async checkTargets(companyId: string | null, orgIds: string[], userIds: string[], fileIds: string[]): Promise<void> {
    if (userIds.length) {
      const n = await this.ctx.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<string>().as('c')).where('id', 'in', userIds).where('company_id', '=', companyId).executeTakeFirstOrThrow();
      if (Number(n.c) !== userIds.length) throw badRequest('所选人员不属于该企业');
    }
    if (orgIds.length) {
      const n = await this.ctx.db.selectFrom('sys_org').select((eb) => eb.fn.countAll<string>().as('c')).where('id', 'in', orgIds).where('company_id', '=', companyId).executeTakeFirstOrThrow();
      if (Number(n.c) !== orgIds.length) throw badRequest('所选部门不属于该企业');
    }
    if (fileIds.length) {
      const n = await this.ctx.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<string>().as('c')).where('id', 'in', fileIds).executeTakeFirstOrThrow();
      if (Number(n.c) !== new Set(fileIds).size) throw badRequest('附件不存在');
    }
  }

  /**
   * 选择现有的背景图片 (the original's query…NoticeUsedBackground): the images earlier notices of the
   * same kind and tenant used, only those the caller may read (so it may pick them again).
   */
  async usedBackgrounds(auth: AuthContext, kind: number, tenantId: unknown) {
    const scope = await this.manageScope(auth, kind);
    const companyId = kind === NOTICE_KIND.platform ? null : scope ?? (tenantId ? parseId(tenantId) : null);
    if (kind === NOTICE_KIND.enterprise && companyId === null) return [];
    const rows = await this.repo.usedBackgrounds(kind, companyId);
    const hidden = new Set(await unreadableFileIds(this.ctx, auth, rows.map((r) => r.fileId)));
    return rows.filter((r) => !hidden.has(r.fileId)).map((r) => ({ fileId: r.fileId, fileName: r.fileName }));
  }

  async get(auth: AuthContext, id: string) {
    const n = await this.managed(auth, parseId(id));
    return { ...toDto(n), ...(await this.repo.details(this.ctx.db, n.id)) };
  }

  async list(auth: AuthContext, q: { kind: number; tenantId?: string; title?: string; noticeType?: string; pageNum: number; pageSize: number }) {
    const scope = await this.manageScope(auth, q.kind);
    const companyId = scope ?? (q.kind === NOTICE_KIND.enterprise && q.tenantId ? parseId(q.tenantId) : null);
    const { total, rows } = await this.repo.list({ kind: q.kind, companyId, title: q.title ? likeContains(q.title) : undefined, noticeType: q.noticeType || undefined, offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize });
    return {
      totalCount: total,
      datas: rows.map((r) => {
        const count = Number(r.count ?? 0);
        const unReadNum = Number(r.unread ?? 0);
        return {
          id: Number(r.id), kind: r.kind, tenantId: r.company_id, companyName: r.company_name, title: r.title, noticeType: r.notice_type,
          smsNotify: r.sms_notify, status: r.status, publishTime: r.publish_time, createTime: r.create_time,
          count, unReadNum, readSummary: readSummary(count, unReadNum),
          // 投递进度: receivers written so far of the total once delivered.
          delivering: r.status === NOTICE_STATUS.published && !r.delivered,
        };
      }),
    };
  }

  async remove(auth: AuthContext, raw: unknown): Promise<void> {
    const ids = idList(raw);
    if (!ids.length) throw badRequest('请选择要删除的公告');
    for (const id of ids) await this.managed(auth, id);
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const id of ids) await detachFileRefs(trx, { formId: 0, recordId: id, subKey: FILE_REF });
      await this.repo.deleteMany(trx, ids);
    });
  }

  /** 立即发布 or 定时发布: returns at once; a pg-boss job writes the receivers. */
  async publish(auth: AuthContext, rawId: unknown, timing: unknown, publishTime: unknown): Promise<string> {
    const n = await this.managed(auth, parseId(rawId));
    if (n.status === NOTICE_STATUS.published) throw badRequest(NOTICE_TEXT.alreadyPublished);
    const scheduled = String(timing ?? '') === '1';
    if (scheduled) {
      const err = noticeError({ title: n.title, noticeType: n.notice_type, content: n.content, timing: '1', publishTime });
      if (err) throw badRequest(err);
    }
    const jobs = this.ctx.jobs;
    if (!jobs) throw new AppError(503, '后台任务服务未启动，请稍后重试');
    const at = scheduled ? new Date(String(publishTime)) : new Date();
    await this.repo.setStatus(this.ctx.db, n.id, scheduled ? NOTICE_STATUS.scheduled : NOTICE_STATUS.published, at);
    await jobs.send(NOTICE_DELIVER_QUEUE, { noticeId: n.id }, { startAfter: at, retryLimit: 3 });
    return scheduled ? NOTICE_TEXT.scheduled : NOTICE_TEXT.published;
  }

  async withdraw(auth: AuthContext, rawId: unknown): Promise<void> {
    const n = await this.managed(auth, parseId(rawId));
    if (n.status !== NOTICE_STATUS.published && n.status !== NOTICE_STATUS.scheduled) throw badRequest(NOTICE_TEXT.notWithdrawable);
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.setStatus(trx, n.id, NOTICE_STATUS.withdrawn, n.publish_time);
      await this.repo.clearReceivers(trx, n.id);
    });
  }

  /** The job: a due notice gets its receivers, messages and SMS in one transaction (set-based). */
  async deliver(noticeId: string, bigType: number, smallType: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx: Transaction<Database>) => {
      const n = await trx.selectFrom('notice').selectAll().where('id', '=', noticeId).forUpdate().executeTakeFirst() as NoticeRow | undefined;
      if (!n || n.delivered) return;
      // Withdrawn or rescheduled in the meantime: this job is stale.
      if (n.status === NOTICE_STATUS.withdrawn || n.status === NOTICE_STATUS.draft) return;
      if (n.publish_time && n.publish_time.getTime() > Date.now() + 1000) return;
      if (n.status === NOTICE_STATUS.scheduled) await this.repo.setStatus(trx, n.id, NOTICE_STATUS.published, n.publish_time);
      const total = await this.repo.insertReceivers(trx, n);
      await this.repo.insertMessages(trx, n, bigType, smallType);
      if (n.sms_notify) {
        const template = (await this.repo.defaultTemplate()) ?? DEFAULT_NOTICE_SMS;
        await this.repo.insertSms(trx, n, template, this.ctx.config.sms.httpUrl ? 'http' : 'log', new Date().toISOString().slice(0, 10));
      }
      await this.repo.markDelivered(trx, n.id, total);
    });
  }

  // ---- the receiver's side ----
  mine(auth: AuthContext, pageNum: number, pageSize: number) {
    return Promise.all([this.repo.counts(auth.userId), this.repo.mine(auth.userId, (pageNum - 1) * pageSize, pageSize)]).then(([c, rows]) => ({
      totalCount: c.total, unReadNum: c.unread,
      datas: rows.map((r) => ({ id: Number(r.id), title: r.title, noticeType: r.notice_type, kind: r.kind, companyName: r.company_name, publishTime: r.publish_time, read: r.read_time !== null, readTime: r.read_time })),
    }));
  }

  unread(auth: AuthContext) {
    return this.repo.counts(auth.userId);
  }

  /** Reading a notice: only its receivers; opening marks it read (and its 消息中心 message). */
  async read(auth: AuthContext, rawId: unknown) {
    const id = parseId(rawId);
    const r = await this.repo.receiverOf(auth.userId, id);
    if (!r) throw notFound(NOTICE_TEXT.notFound);
    const n = (await this.repo.get(this.ctx.db, id))!;
    await this.repo.markRead(auth.userId, id);
    const d = await this.repo.details(this.ctx.db, id);
    return { ...toDto(n), files: d.files.map((f) => ({ fileId: Number(f.id), fileName: f.original_name })) };
  }

  async readers(auth: AuthContext, rawId: unknown, read: unknown) {
    const n = await this.managed(auth, parseId(rawId));
    const filter = read === '1' || read === 1 || read === true ? true : read === '0' || read === 0 || read === false ? false : null;
    const rows = await this.repo.readers(n.id, filter, null);
    return rows.map((r) => ({ userId: Number(r.id), realName: r.real_name, phone: r.phone, companyName: r.company_name ?? '园区', orgName: r.org_name ?? '', read: r.read_time !== null, readTime: r.read_time }));
  }

  // ---- 短信设置 ----
  requireSms(auth: AuthContext): void {
    if (!isPark(auth) || !allows(auth.permissions, NOTICE_PERMS.sms)) throw forbidden();
  }
  gateway() {
    return { configured: Boolean(this.ctx.config.sms.httpUrl), provider: this.ctx.config.sms.httpUrl ? 'http' : 'log' };
  }
  async saveTemplate(b: Record<string, unknown>): Promise<string> {
    const err = smsTemplateError(b.name, b.content);
    if (err) throw badRequest(err);
    const id = await this.repo.saveTemplate(b.id ? parseId(b.id) : null, String(b.name).trim(), String(b.content), b.isDefault === true || b.isDefault === '1' || b.isDefault === 1);
    if (!id) throw notFound('模板不存在');
    return id;
  }
  async testSend(b: Record<string, unknown>): Promise<void> {
    if (!isMobilePhone(b.phone)) throw badRequest(SMS_TEXT.phoneInvalid);
    const err = smsTemplateError('测试', b.content);
    if (err) throw badRequest(err);
    const content = renderSms(String(b.content), { 企业名称: '测试企业', 姓名: '测试', 公告标题: '测试公告', 日期: new Date().toISOString().slice(0, 10) });
    await queueSms(this.ctx.db, this.gateway().provider, [{ phone: String(b.phone), content, template: 'notice_test' }]);
  }
}

function toDto(n: NoticeRow) {
  return {
    id: Number(n.id), kind: n.kind, tenantId: n.company_id, title: n.title, noticeType: n.notice_type, content: n.content,
    ...backgroundOf(n), smsNotify: n.sms_notify, status: n.status, publishTime: n.publish_time,
    receiverTotal: n.receiver_total, delivered: n.delivered, createTime: n.create_time,
  };
}

declare module '../../context.ts' {
  interface AppContext {
    notices: NoticeService;
  }
}
