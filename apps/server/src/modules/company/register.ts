import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  COMPANY_STATUS,
  normalizeCompanyCode,
  REGISTRATION_TEXT,
  validateRegistration,
  type RegistrationCompanyInfo,
  type RegistrationUser,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, badRequest, conflict } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/passwordHash.ts';
import { openSealedPassword } from '../auth/sealedPassword.ts';
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
 * back whole; both duplicates (code taken, account taken) give the same message. Status, role,
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

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // A friendly early answer; the unique constraints below decide a race.
      const taken = await trx
        .selectFrom('sys_user')
        .select('id')
        .where(sql`lower(username)`, '=', code.toLowerCase())
        .unionAll(trx.selectFrom('sys_company').select('id').where('company_code', '=', code))
        .executeTakeFirst();
      if (taken) throw conflict(REGISTRATION_TEXT.duplicate);

      const created = await trx
        .insertInto('sys_company')
        .values({
          company_name: text(company.companyName),
          company_code: code,
          address: text(company.address),
          lat: orNull(company.lat),
          lnt: orNull(company.lnt),
          ...refs,
          status: COMPANY_STATUS.pending,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto('sys_user')
        .values({
          username: code,
          password_hash: passwordHash,
          real_name: text(user.realName),
          sex: text(user.sex),
          phone: text(user.phone),
          office_phone: orNull(user.officePhone),
          email: orNull(user.email),
          job_title: text(user.jobs),
          user_type: USER_TYPE_COMPANY_ADMIN,
          status: 0,
          company_id: created.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', COMPANY_ROLE_CODE).executeTakeFirst();
      if (role) await trx.insertInto('sys_user_role').values({ user_id: admin.id, role_id: role.id }).execute();
      await writeAudit(trx, request, {
        module: COMPANY_MODULE,
        action: '企业注册',
        targetType: 'sys_company',
        targetId: created.id,
        actor: { userId: admin.id, username: code },
        detail: {
          companyName: text(company.companyName),
          companyCode: code,
          ...refs,
          address: text(company.address),
          realName: text(user.realName),
          jobs: text(user.jobs),
        },
      });
      return { companyId: created.id, userId: admin.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REGISTRATION_TEXT.duplicate);
    throw err;
  }
}
