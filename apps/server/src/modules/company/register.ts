import type { FastifyRequest } from 'fastify';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import {
  COMPANY_STATUS,
  normalizeCompanyCode,
  REGISTRATION_TEXT,
  validateRegistration,
  type RegistrationCompanyInfo,
  type RegistrationUser,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, badRequest, conflict } from '../../plugins/errors.ts';
import { hashPassword, openSealedPassword } from '../auth/index.ts';
import { resolveCompanyRefs } from './refs.ts';

/** The role every company user gets, so they see the park's shared menus (首页, 工作台, 业务表单). */
export const COMPANY_ROLE_CODE = 'company_user';
export const COMPANY_MODULE = '企业';

/** 0 platform user, 1 company administrator, 2 company user. */
export const USER_TYPE_COMPANY_ADMIN = 1;

type Loose<T> = { [K in keyof T]?: unknown };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const orNull = (v: unknown): string | null => text(v) || null;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * POST /apc/company/companyRegistered (spec 000 §3, §4; issue 6).
 *
 * The organisation code is the company administrator's login account (spec 000 §2: "the account
 * name is the company's organisation code"). The payload's `userName` is kept for the spec's
 * shape: the page fills it from the code and the server refuses one that differs, so the account
 * is never something else than what the instructions promise.
 *
 * The company (status '0') and its administrator (userType 1) are written in one transaction.
 * Uniqueness rests on the database: sys_company.company_code and sys_user.username are unique,
 * so of two racing registrations one commits and the other's insert fails with 23505 and rolls
 * back whole; both duplicates (code taken, account taken) give the same message. A code whose
 * registration was rejected may register again (resubmitRejected). Status, role,
 * tenant or type fields in the body are never read.
 */
export async function registerCompany(
  ctx: AppContext,
  request: FastifyRequest,
  body: { companyInfo?: Loose<RegistrationCompanyInfo>; user?: Loose<RegistrationUser> },
): Promise<{ companyId: string; userId: string }> {
  const company = body.companyInfo ?? {};
  const user = body.user ?? {};

  // Each sealed password is accepted once; any failure gives the one generic message.
  const sealedPs = text(user.ps);
  const sealedPs1 = text(user.ps1);
  const ps = sealedPs ? await openSealedPassword(ctx.db, ctx.keys, sealedPs) : null;
  const ps1 = sealedPs1 ? await openSealedPassword(ctx.db, ctx.keys, sealedPs1) : null;
  if ((sealedPs && ps === null) || (sealedPs1 && ps1 === null)) throw badRequest(REGISTRATION_TEXT.sealedInvalid);

  const problems = validateRegistration(company, user, { ps, ps1 });
  if (problems.length > 0) throw new AppError(400, problems[0]!.message, 400, problems);

  const code = normalizeCompanyCode(text(company.companyCode));
  const refs = await resolveCompanyRefs(ctx.db, {
    administrativeAreaCode: text(company.administrativeAreaCode),
    industryCode: text(company.industryCode),
    industyType: text(company.industyType),
    economicTypeCode: orNull(company.economicTypeCode),
    economicTypeName: orNull(company.economicTypeName),
  });
  const passwordHash = await hashPassword(ps!);

  const companyValues = {
    company_name: text(company.companyName),
    address: text(company.address),
    lat: orNull(company.lat),
    lnt: orNull(company.lnt),
    ...refs,
  };
  const adminValues = {
    password_hash: passwordHash,
    real_name: text(user.realName),
    sex: text(user.sex),
    phone: text(user.phone),
    office_phone: orNull(user.officePhone),
    email: orNull(user.email),
    job_title: text(user.jobs),
  };
  const auditDetail = {
    companyName: companyValues.company_name,
    companyCode: code,
    ...refs,
    address: companyValues.address,
    realName: adminValues.real_name,
    jobs: adminValues.job_title,
  };

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // Locked, so a resubmission and a review of the same company cannot interleave.
      const existing = await trx
        .selectFrom('sys_company')
        .selectAll()
        .where('company_code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      if (existing?.status === COMPANY_STATUS.rejected) {
        return resubmitRejected(trx, request, existing, code, { companyValues, adminValues, auditDetail });
      }
      // A friendly early answer; the unique constraints below decide a race.
      const taken =
        existing ??
        (await trx.selectFrom('sys_user').select('id').where(sql`lower(username)`, '=', code.toLowerCase()).executeTakeFirst());
      if (taken) throw conflict(REGISTRATION_TEXT.duplicate);

      const created = await trx
        .insertInto('sys_company')
        .values({ ...companyValues, company_code: code, status: COMPANY_STATUS.pending })
        .returning('id')
        .executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto('sys_user')
        .values({ ...adminValues, username: code, user_type: USER_TYPE_COMPANY_ADMIN, status: 0, company_id: created.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', COMPANY_ROLE_CODE).executeTakeFirst();
      if (role) await trx.insertInto('sys_user_role').values({ user_id: admin.id, role_id: role.id }).execute();
      await logRegistration(trx, request, '企业注册', { companyId: created.id, adminId: admin.id, code }, auditDetail);
      return { companyId: created.id, userId: admin.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REGISTRATION_TEXT.duplicate);
    throw err;
  }
}

/**
 * A company whose registration was rejected registers again with the same organisation code: its
 * row and its administrator take the new details and it waits for review again ('0'), keeping its
 * id. A rejected company has no data and no users but its administrator (user management needs an
 * approved company), so nothing else changes; what it said before is kept in the operation log.
 */
async function resubmitRejected(
  trx: Transaction<Database>,
  request: FastifyRequest,
  existing: Selectable<Database['sys_company']>,
  code: string,
  next: {
    companyValues: Updateable<Database['sys_company']>;
    adminValues: Updateable<Database['sys_user']>;
    auditDetail: Record<string, unknown>;
  },
): Promise<{ companyId: string; userId: string }> {
  const admin = await trx
    .selectFrom('sys_user')
    .select(['id', 'real_name', 'job_title', 'phone'])
    .where('company_id', '=', existing.id)
    .where(sql`lower(username)`, '=', code.toLowerCase())
    .executeTakeFirst();
  // The account name was taken by someone else: the code cannot be this company's login.
  if (!admin) throw conflict(REGISTRATION_TEXT.duplicate);
  const now = new Date();
  await trx
    .updateTable('sys_company')
    .set({ ...next.companyValues, status: COMPANY_STATUS.pending, check_reason: null, checked_by: null, checked_time: null, update_time: now })
    .where('id', '=', existing.id)
    .execute();
  await trx.updateTable('sys_user').set({ ...next.adminValues, update_time: now }).where('id', '=', admin.id).execute();
  await logRegistration(trx, request, '企业重新注册', { companyId: existing.id, adminId: admin.id, code }, {
    ...next.auditDetail,
    previous: {
      companyName: existing.company_name,
      address: existing.address,
      checkReason: existing.check_reason,
      realName: admin.real_name,
      jobs: admin.job_title,
    },
  });
  return { companyId: existing.id, userId: admin.id };
}

/** The registration is logged as done by the new administrator: there is no session yet. */
function logRegistration(
  trx: Transaction<Database>,
  request: FastifyRequest,
  action: string,
  who: { companyId: string; adminId: string; code: string },
  detail: Record<string, unknown>,
) {
  return writeAudit(trx, request, {
    module: COMPANY_MODULE,
    action,
    targetType: 'sys_company',
    targetId: who.companyId,
    actor: { userId: who.adminId, username: who.code },
    detail,
  });
}
