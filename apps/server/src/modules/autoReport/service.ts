import { AUTO_REPORT_TEXT as T, checkAutoReport, describeFrequency, type AutoReportInput } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { readableReport, ReportWidgets } from '../report/index.ts';
import * as repo from './repo.ts';
import { sendOnce } from './runner.ts';
import type { AutoReportRow } from './repo.ts';

/** The caller's tenant: a company user's company, null for the park's own users. */
export const tenantOf = (auth: AuthContext): string | null => (auth.user.userType !== 0 && auth.user.companyId !== null ? String(auth.user.companyId) : null);

/** The list's and the dialog's shape of a schedule. */
export function view(s: AutoReportRow) {
  return {
    id: Number(s.id),
    name: s.name,
    reportId: Number(s.reportId),
    reportName: s.reportName,
    reportKind: s.reportKind,
    target: s.target,
    widgetId: s.widgetId,
    frequency: s.frequency,
    frequencyText: describeFrequency(s.frequency),
    recipients: s.recipients,
    enabled: s.enabled,
    ownerName: s.ownerName,
  };
}

/**
 * 自动报表 and 订阅 (ADR 0057): every change is checked with core's checkAutoReport (the dialog's
 * rules), against the report the caller may read and the recipients of the caller's tenant.
 */
export class AutoReports {
  constructor(private readonly ctx: AppContext) {}

  private async checked(auth: AuthContext, raw: unknown): Promise<AutoReportInput> {
    const r = checkAutoReport(raw);
    if ('error' in r) throw badRequest(r.error);
    const v = r.value;
    // The owner must read the report: a schedule never sends more than its owner may see.
    await readableReport(this.ctx.db, auth, v.reportId);
    if (v.target === 'excel') {
      const { widget, grant } = await new ReportWidgets(this.ctx.db).loadWithGrant(auth, v.reportId, v.widgetId!);
      const p = await this.ctx.reportServices.engine.prepare(auth, grant, widget, {}, 'all');
      if (p.query.shape !== 'table') throw badRequest(T.notTable);
    }
    const tenant = tenantOf(auth);
    if ((await repo.usersOutside(this.ctx.db, v.recipients.users, tenant)).length > 0) throw badRequest(T.otherTenant);
    if (await repo.foreignRolesOrOrgs(this.ctx.db, v.recipients, tenant)) throw badRequest(T.otherTenant);
    return v;
  }

  /** A schedule of the caller's tenant (subscriptions: only the caller's own). */
  private async mine(auth: AuthContext, id: string, subscription: boolean): Promise<AutoReportRow> {
    const s = /^\d{1,18}$/.test(id) ? await repo.findAutoReport(this.ctx.db, id) : null;
    if (!s || s.subscription !== subscription || s.companyId !== tenantOf(auth) || (subscription && s.ownerId !== auth.userId)) throw notFound(T.notFound);
    return s;
  }

  async list(auth: AuthContext) {
    return (await repo.listAutoReports(this.ctx.db, { companyId: tenantOf(auth), subscription: false })).map(view);
  }

  async get(auth: AuthContext, id: string) {
    return view(await this.mine(auth, id, false));
  }

  async save(auth: AuthContext, id: string | null, raw: unknown): Promise<string> {
    const v = await this.checked(auth, raw);
    if (id === null) return repo.insertAutoReport(this.ctx.db, v, { id: auth.userId, companyId: tenantOf(auth) }, false);
    await this.mine(auth, id, false);
    await repo.updateAutoReport(this.ctx.db, id, v);
    return id;
  }

  async remove(auth: AuthContext, id: string, subscription = false): Promise<void> {
    await this.mine(auth, id, subscription);
    await repo.deleteAutoReport(this.ctx.db, id);
  }

  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    await this.mine(auth, id, false);
    await repo.setEnabled(this.ctx.db, id, enabled);
  }

  /** 立即发送: one run now, outside the schedule's periods, logged as manual. */
  async sendNow(auth: AuthContext, id: string) {
    const s = await this.mine(auth, id, false);
    return this.ctx.db.transaction().execute((trx) => sendOnce(this.ctx, trx, s, `manual:${new Date().toISOString()}`, 'manual'));
  }

  async log(auth: AuthContext, id: string, pageNum: number, pageSize: number) {
    await this.mine(auth, id, false);
    const { rows, total } = await repo.logPage(this.ctx.db, id, pageNum, pageSize);
    return {
      totalCount: total,
      datas: rows.map((r) => ({ id: Number(r.id), createTime: r.create_time, trigger: r.trigger === 'manual' ? '立即发送' : '定时', receivers: r.receivers, result: r.result, error: r.error, fileId: r.file_id === null ? null : Number(r.file_id) })),
    };
  }

  /** 订阅: the caller receives the report themselves, with their own rights. */
  async subscribe(auth: AuthContext, raw: Record<string, unknown>): Promise<string> {
    const v = await this.checked(auth, { ...raw, recipients: { users: [auth.userId], roles: [], orgs: [] }, enabled: true });
    return repo.insertAutoReport(this.ctx.db, v, { id: auth.userId, companyId: tenantOf(auth) }, true);
  }

  async subscriptions(auth: AuthContext) {
    return (await repo.listAutoReports(this.ctx.db, { companyId: tenantOf(auth), subscription: true, ownerId: auth.userId })).map(view);
  }
}
