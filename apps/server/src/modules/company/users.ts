import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  ADMIN_TEXT,
  COMPANY_ADMIN_TEXT,
  COMPANY_STATUS,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  formatDateTime,
  LANDLINE_PATTERN,
  MOBILE_PATTERN,
  REGISTRATION_RULES,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
  type CompanyUserInput,
  type CompanyUserItem,
  type CompanyUserUpdateInput,
  type UserType,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { type AuthContext, generatePassword, hashPassword } from '../auth/index.ts';
import type { UserService } from '../admin/index.ts';
import { COMPANY_MODULE, COMPANY_ROLE_CODE } from './register.ts';

interface CleanCompanyUser {
  real_name: string;
  sex: string | null;
  job_title: string | null;
  phone: string | null;
  office_phone: string | null;
  email: string | null;
  user_type: 1 | 2;
}

const blank = (v: string | null | undefined): string | null => v?.trim() || null;

/** The server's own check of the company user dialog (DESIGN.md §9). */
function clean(input: Omit<CompanyUserInput, 'companyId' | 'username'>): CleanCompanyUser {
  const realName = input.realName.trim();
  if (!realName) throw badRequest('请输入姓名');
  if (realName.length > 64) throw badRequest('姓名不能超过64个字符');
  const sex = blank(input.sex);
  if (sex !== null && sex !== '0' && sex !== '1') throw badRequest('性别不合法');
  const phone = blank(input.phone);
  if (phone && !MOBILE_PATTERN.test(phone)) throw badRequest(REGISTRATION_RULES.phone.invalidMessage!);
  const officePhone = blank(input.officePhone);
  if (officePhone && !LANDLINE_PATTERN.test(officePhone) && !MOBILE_PATTERN.test(officePhone)) {
    throw badRequest(REGISTRATION_RULES.officePhone.invalidMessage!);
  }
  const email = blank(input.email);
  if (email && !EMAIL_PATTERN.test(email)) throw badRequest(EMAIL_MESSAGE);
  const jobs = blank(input.jobs);
  if (jobs && jobs.length > 64) throw badRequest('职务不能超过64个字符');
  return { real_name: realName, sex, job_title: jobs, phone, office_phone: officePhone, email, user_type: input.userType };
}

/**
 * A company's users, managed from 企业管理 (issue 6) by holders of system:company. Only an
 * approved company's users are managed here; disabling and password resets go through the user
 * administration service (modules/admin/users), so its rules (sessions ended, super users
 * protected, logged) hold here too.
 */
export class CompanyUserService {
  private readonly users: UserService;

  constructor(private readonly ctx: AppContext) {
    this.users = ctx.users;
  }

  private async approvedCompany(db: Kysely<Database>, companyId: string) {
    const company = await db.selectFrom('sys_company').select(['id', 'status']).where('id', '=', companyId).executeTakeFirst();
    if (!company) throw notFound(COMPANY_ADMIN_TEXT.companyNotFound);
    if (company.status !== COMPANY_STATUS.approved) throw conflict(COMPANY_ADMIN_TEXT.notApproved);
    return company;
  }

  /** The user, when it belongs to an approved company; else 404 / 409. */
  private async memberOfApproved(db: Kysely<Database>, userId: string) {
    const user = await db
      .selectFrom('sys_user')
      .select(['id', 'username', 'company_id', 'user_type', 'real_name', 'sex', 'job_title', 'phone', 'office_phone', 'email', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('用户不存在或已被删除');
    if (user.company_id === null || user.user_type === 0) throw badRequest(COMPANY_ADMIN_TEXT.notCompanyUser);
    await this.approvedCompany(db, user.company_id);
    return user;
  }

  async list(companyId: string, pageNum: number, pageSize: number): Promise<{ datas: CompanyUserItem[]; totalCount: number }> {
    const base = this.ctx.db.selectFrom('sys_user').where('company_id', '=', companyId);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['id', 'username', 'real_name', 'sex', 'job_title', 'phone', 'office_phone', 'email', 'user_type', 'status', 'create_time'])
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return {
      totalCount: Number(count.n),
      datas: rows.map((r) => ({
        id: Number(r.id),
        username: r.username,
        realName: r.real_name,
        sex: r.sex,
        jobs: r.job_title,
        phone: r.phone,
        officePhone: r.office_phone,
        email: r.email,
        userType: r.user_type as UserType,
        status: r.status === 0 ? 0 : 1,
        createTime: formatDateTime(r.create_time),
      })),
    };
  }

  async add(request: FastifyRequest, input: CompanyUserInput): Promise<{ id: number; password: string }> {
    const username = input.username.trim();
    if (!USERNAME_PATTERN.test(username)) throw badRequest(USERNAME_MESSAGE);
    const fields = clean(input);
    const companyId = String(input.companyId);
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        await this.approvedCompany(trx, companyId);
        const taken = await trx.selectFrom('sys_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
        if (taken) throw conflict(ADMIN_TEXT.usernameTaken);
        const row = await trx
          .insertInto('sys_user')
          .values({ username, password_hash: passwordHash, must_change_password: true, company_id: companyId, ...fields })
          .returning('id')
          .executeTakeFirstOrThrow();
        const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', COMPANY_ROLE_CODE).executeTakeFirst();
        if (role) await trx.insertInto('sys_user_role').values({ user_id: row.id, role_id: role.id }).execute();
        await writeAudit(trx, request, {
          module: COMPANY_MODULE,
          action: '新增企业用户',
          targetType: 'sys_user',
          targetId: row.id,
          detail: { companyId, username, ...fields },
        });
        return { id: Number(row.id), password };
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(ADMIN_TEXT.usernameTaken);
      throw err;
    }
  }

  async update(request: FastifyRequest, input: CompanyUserUpdateInput): Promise<void> {
    const id = String(input.id);
    const fields = clean(input);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.memberOfApproved(trx, id);
      await trx
        .updateTable('sys_user')
        .set({ ...fields, update_time: new Date() })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, request, {
        module: COMPANY_MODULE,
        action: '修改企业用户',
        targetType: 'sys_user',
        targetId: id,
        detail: { before },
      });
      // The user's cached profile (userType, name) is refreshed on every instance.
      await this.ctx.events.publish(trx, { kind: 'user', id });
    });
    this.ctx.events.deliver({ kind: 'user', id });
  }

  async setStatus(request: FastifyRequest, auth: AuthContext, id: string, status: 0 | 1): Promise<void> {
    await this.memberOfApproved(this.ctx.db, id);
    await this.users.setStatus(request, auth, id, status);
  }

  async resetPassword(request: FastifyRequest, auth: AuthContext, id: string): Promise<{ id: number; password: string }> {
    await this.memberOfApproved(this.ctx.db, id);
    return this.users.resetPassword(request, auth, id);
  }
}
