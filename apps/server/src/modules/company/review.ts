import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  approvalSmsText,
  checkRegistrationField,
  COMPANY_ADMIN_TEXT,
  COMPANY_STATUS,
  formatDateTime,
  rejectionSmsText,
  type CompanyAdminItem,
  type CompanyStatus,
  type CompanyUpdateInput,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { likeContains } from '../../plugins/scope.ts';
import { provisionTenant } from '../tenant/index.ts';
import { resolveCompanyRefs } from './refs.ts';
import { COMPANY_MODULE, USER_TYPE_COMPANY_ADMIN } from './register.ts';
import type { SmsMessage, SmsSender } from './sms.ts';
import { queueSms, SmsOutbox } from './smsOutbox.ts';

export interface CheckListFilter {
  status?: CompanyStatus;
  companyName?: string;
  pageNum: number;
  pageSize: number;
}

const COMPANY_COLUMNS = [
  'c.id',
  'c.company_name',
  'c.company_code',
  'c.administrative_area_code',
  'c.administrative_area_name',
  'c.address',
  'c.lat',
  'c.lnt',
  'c.industry_code',
  'c.industry_name',
  'c.industy_type',
  'c.economic_type_code',
  'c.economic_type_name',
  'c.status',
  'c.check_reason',
  'c.checked_time',
  'c.create_time',
] as const;

const REASON_MAX = 200;

/** The company administrators of a company, oldest first (the registrant is the first). */
async function companyAdmins(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom('sys_user')
    .select(['id', 'username', 'real_name', 'phone'])
    .where('company_id', '=', companyId)
    .where('user_type', '=', USER_TYPE_COMPANY_ADMIN)
    .orderBy('id')
    .execute();
}

/** 企业管理 (issue 6): the review list, approval and rejection, voiding and editing. */
export class CompanyReviewService {
  private readonly outbox: SmsOutbox;

  constructor(
    private readonly ctx: AppContext,
    private readonly sms: SmsSender,
  ) {
    this.outbox = new SmsOutbox(ctx.db, sms);
  }

  async list(f: CheckListFilter): Promise<{ datas: CompanyAdminItem[]; totalCount: number }> {
    const { db } = this.ctx;
    let base = db.selectFrom('sys_company as c');
    if (f.status !== undefined) base = base.where('c.status', '=', f.status);
    if (f.companyName) {
      const like = likeContains(f.companyName);
      base = base.where((eb) => eb.or([eb('c.company_name', 'ilike', like), eb('c.company_code', 'ilike', like)]));
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .leftJoin('sys_user as k', 'k.id', 'c.checked_by')
        .select([...COMPANY_COLUMNS, 'k.real_name as checked_by_name'])
        .orderBy('c.id', 'desc')
        .limit(f.pageSize)
        .offset((f.pageNum - 1) * f.pageSize)
        .execute(),
    ]);
    const ids = rows.map((r) => r.id);
    const users = ids.length
      ? await db
          .selectFrom('sys_user')
          .select(['id', 'company_id', 'username', 'real_name', 'phone', 'user_type'])
          .where('company_id', 'in', ids)
          .orderBy('id')
          .execute()
      : [];
    const datas = rows.map((r): CompanyAdminItem => {
      const mine = users.filter((u) => u.company_id === r.id);
      const admin = mine.find((u) => u.user_type === USER_TYPE_COMPANY_ADMIN);
      return {
        id: Number(r.id),
        companyName: r.company_name,
        companyCode: r.company_code ?? '',
        administrativeAreaCode: r.administrative_area_code,
        administrativeAreaName: r.administrative_area_name,
        address: r.address,
        lat: r.lat,
        lnt: r.lnt,
        industryCode: r.industry_code,
        industryName: r.industry_name,
        industyType: r.industy_type,
        economicTypeCode: r.economic_type_code,
        economicTypeName: r.economic_type_name,
        status: r.status as CompanyStatus,
        checkReason: r.check_reason,
        checkedTime: r.checked_time ? formatDateTime(r.checked_time) : null,
        checkedByName: r.checked_by_name,
        createTime: formatDateTime(r.create_time),
        adminUsername: admin?.username ?? null,
        adminRealName: admin?.real_name ?? null,
        adminPhone: admin?.phone ?? null,
        userCount: mine.length,
      };
    });
    return { datas, totalCount: Number(count.n) };
  }

  /** Approves ('1') or rejects ('2', with a reason) a company awaiting review ('0'). */
  async check(request: FastifyRequest, reviewerId: string, id: string, checkStatus: '1' | '2', rawReason: string | undefined) {
    const reason = rawReason?.trim() ?? '';
    if (checkStatus === COMPANY_STATUS.rejected && reason === '') throw badRequest(COMPANY_ADMIN_TEXT.rejectReasonRequired);
    if (reason.length > REASON_MAX) throw badRequest(`原因不能超过${REASON_MAX}个字符`);
    const approved = checkStatus === COMPANY_STATUS.approved;

    const outgoing = await this.ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('sys_company')
        .set({ status: checkStatus, check_reason: reason || null, checked_by: reviewerId, checked_time: new Date(), update_time: new Date() })
        .where('id', '=', id)
        .where('status', '=', COMPANY_STATUS.pending)
        .returning(['id', 'company_name', 'company_code'])
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx.selectFrom('sys_company').select('status').where('id', '=', id).executeTakeFirst();
        if (!exists) throw notFound(COMPANY_ADMIN_TEXT.companyNotFound);
        throw conflict(COMPANY_ADMIN_TEXT.notPending);
      }
      // Issue 36: an approved company is a tenant: its root organisation, 主管理员 role and the
      // registrant as its 主管理员, in the approval's transaction.
      if (approved) await provisionTenant(trx, { companyId: id, tenantName: updated.company_name });
      const admins = await companyAdmins(trx, id);
      const title = approved ? '企业注册审核通过' : '企业注册审核不通过';
      const content = approved
        ? approvalSmsText(updated.company_name, updated.company_code ?? '')
        : rejectionSmsText(updated.company_name, reason);
      // The in-app message: read once the company can log in, and kept as the record of the decision.
      if (admins.length > 0) {
        await trx
          .insertInto('msg_message')
          .values(admins.map((a) => ({ receiver_id: a.id, title, content, msg_type: 'system' })))
          .execute();
      }
      await writeAudit(trx, request, {
        module: COMPANY_MODULE,
        action: approved ? '企业审核通过' : '企业审核不通过',
        targetType: 'sys_company',
        targetId: id,
        detail: { before: { status: COMPANY_STATUS.pending }, companyName: updated.company_name, reason: reason || null },
      });
      // Queued with the decision, so it is announced even if this server stops before sending.
      return queueSms(
        trx,
        this.sms.name,
        admins
          .filter((a) => a.phone)
          .map(
            (a): SmsMessage => ({
              phone: a.phone!,
              content,
              template: approved ? 'company_approved' : 'company_rejected',
              receiverId: a.id,
              companyId: id,
            }),
          ),
      );
    });
    // Sent after the commit: a slow or failing gateway never holds or undoes the decision, and
    // what fails here is retried by the outbox job.
    await this.outbox.deliver(request.log, outgoing);
  }

  /** Voids an approved company: its users' sessions end at once and they can no longer log in. */
  async voidCompany(request: FastifyRequest, id: string, rawReason: string | undefined) {
    const reason = rawReason?.trim() ?? '';
    if (reason.length > REASON_MAX) throw badRequest(`原因不能超过${REASON_MAX}个字符`);
    const userIds = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('sys_company').select(['status', 'company_name']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(COMPANY_ADMIN_TEXT.companyNotFound);
      if (before.status !== COMPANY_STATUS.approved) throw conflict(COMPANY_ADMIN_TEXT.notApproved);
      await trx
        .updateTable('sys_company')
        .set({ status: COMPANY_STATUS.voided, check_reason: reason || null, update_time: new Date() })
        .where('id', '=', id)
        .execute();
      const users = await trx.selectFrom('sys_user').select('id').where('company_id', '=', id).execute();
      for (const u of users) await this.ctx.sessions.destroyAllFor(trx, u.id);
      await writeAudit(trx, request, {
        module: COMPANY_MODULE,
        action: '作废企业',
        targetType: 'sys_company',
        targetId: id,
        detail: { before: { status: before.status }, companyName: before.company_name, reason: reason || null },
      });
      return users.map((u) => u.id);
    });
    for (const userId of userIds) this.ctx.events.deliver({ kind: 'user', id: userId });
  }

  /** Edits a company's details; the organisation code (the login account) stays as registered. */
  async update(request: FastifyRequest, input: CompanyUpdateInput) {
    const id = String(input.id);
    for (const key of ['companyName', 'address'] as const) {
      const problem = checkRegistrationField(key, input[key]);
      if (problem) throw badRequest(problem);
    }
    if (!input.administrativeAreaCode?.trim()) throw badRequest('请选择行政区划');
    if (!input.industryCode?.trim()) throw badRequest('请选择行业名称');
    if (!input.industyType?.trim()) throw badRequest('请选择行业类别');
    for (const [value, limit, label] of [
      [input.lat, 90, '纬度'],
      [input.lnt, 180, '经度'],
    ] as const) {
      const t = value?.trim() ?? '';
      if (t !== '' && (!Number.isFinite(Number(t)) || Math.abs(Number(t)) > limit || t.length > 20)) throw badRequest(`${label}不合法`);
    }
    const refs = await resolveCompanyRefs(this.ctx.db, {
      administrativeAreaCode: input.administrativeAreaCode,
      industryCode: input.industryCode,
      industyType: input.industyType,
      economicTypeCode: input.economicTypeCode ?? null,
    });
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('sys_company').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(COMPANY_ADMIN_TEXT.companyNotFound);
      if (before.status === COMPANY_STATUS.voided) throw conflict(COMPANY_ADMIN_TEXT.voided);
      await trx
        .updateTable('sys_company')
        .set({
          company_name: input.companyName.trim(),
          address: input.address.trim(),
          lat: input.lat?.trim() || null,
          lnt: input.lnt?.trim() || null,
          ...refs,
          update_time: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, request, {
        module: COMPANY_MODULE,
        action: '修改企业信息',
        targetType: 'sys_company',
        targetId: id,
        detail: { before },
      });
    });
  }
}
