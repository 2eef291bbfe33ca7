import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADMIN_TEXT,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  isPhone,
  PHONE_MESSAGE,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
  type UserInput,
  type UserType,
} from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { TenantScope } from '../../../db/tenantScope.ts';
import { tenantScopeOf } from '../../../plugins/scope.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../plugins/errors.ts';
import { type AuthContext, generatePassword, hashPassword } from '../../auth/index.ts';
import { blankToNull, str, uniqueOr } from '../common.ts';
import {
  assertAdminsRemain,
  assertMayManageUser,
  assertNotLastAdmin,
  assertMayTouchSuperRole,
  lockAdminGuard,
  superRoleId,
} from '../guard.ts';
import * as repo from './repo.ts';

const MODULE = '用户管理';

interface CleanUser {
  username: string;
  realName: string;
  sex: string | null;
  phone: string | null;
  email: string | null;
  userType: UserType;
}

/** The server's own check of what the form checks (DESIGN.md §9). */
function clean(input: Omit<UserInput, 'orgIds' | 'roleIds'>): CleanUser {
  const username = input.username.trim();
  const realName = input.realName.trim();
  if (!USERNAME_PATTERN.test(username)) throw badRequest(USERNAME_MESSAGE);
  if (!realName) throw badRequest('请输入姓名');
  const phone = blankToNull(input.phone);
  if (phone && !isPhone(phone)) throw badRequest(PHONE_MESSAGE);
  const email = blankToNull(input.email);
  if (email && !EMAIL_PATTERN.test(email)) throw badRequest(EMAIL_MESSAGE);
  const sex = blankToNull(input.sex);
  if (sex !== null && sex !== '0' && sex !== '1') throw badRequest('性别不合法');
  return { username, realName, sex, phone, email, userType: input.userType };
}

/** 租户用户类型 (issue 36): 0 主管理员, 1 子管理员, 2 普通用户. */
export type TenantUserType = 0 | 1 | 2;

/**
 * What a tenant's administrator may make of a user: a 子管理员 or a 普通用户 of its own tenant,
 * never a 主管理员 (there is one, made with the tenant) nor a park user.
 */
function tenantKind(input: { userType: UserType; tenantUserType?: TenantUserType | null }) {
  if (input.userType === 0) throw forbidden('租户管理员不能新增或修改平台用户');
  const tenantUserType = input.tenantUserType ?? 2;
  if (tenantUserType === 0) throw forbidden('租户管理员不能设置主管理员');
  return { user_type: tenantUserType === 1 ? 1 : 2, tenant_user_type: tenantUserType } as const;
}

/** A tenant caller may not change its tenant's 主管理员 (other than itself). */
function assertNotTenantOwner(scope: TenantScope, auth: AuthContext, target: { id: string; tenant_user_type: number | null }) {
  if (scope.byTenant && target.tenant_user_type === 0 && target.id !== auth.userId) throw forbidden('不能修改租户的主管理员');
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const changed = (a: string[], b: string[]) => [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];

export class UserService {
  constructor(private readonly ctx: AppContext) {}

  private async checkRefs(trx: Kysely<Database>, scope: TenantScope, orgIds: string[], roleIds: string[]) {
    if ((await repo.countExisting(trx, 'sys_org', orgIds, scope)) !== orgIds.length) throw badRequest('所选组织不存在或已被删除');
    if ((await repo.countExisting(trx, 'sys_role', roleIds, scope)) !== roleIds.length) throw badRequest('所选角色不存在或已被删除');
  }

  /** Whether moving between these role and organisation sets grants or revokes the super role. */
  private async touchesSuper(trx: Kysely<Database>, roleDiff: string[], orgDiff: string[]): Promise<boolean> {
    const superId = await superRoleId(trx);
    if (!superId) return false;
    if (roleDiff.includes(superId)) return true;
    return (await repo.orgsHoldingRole(trx, orgDiff, superId)).length > 0;
  }

  async add(request: FastifyRequest, auth: AuthContext, input: UserInput & { tenantUserType?: TenantUserType | null }) {
    const user = clean(input);
    const scope = tenantScopeOf(auth);
    const tenant = scope.byTenant ? { company_id: scope.tenantId, ...tenantKind(input) } : {};
    const orgIds = input.orgIds.map(str);
    const roleIds = input.roleIds.map(str);
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (await repo.usernameTaken(trx, user.username)) throw conflict(ADMIN_TEXT.usernameTaken);
      await this.checkRefs(trx, scope, orgIds, roleIds);
      assertMayTouchSuperRole(auth, await this.touchesSuper(trx, roleIds, orgIds));
      const row = await uniqueOr(
        trx
          .insertInto('sys_user')
          .values({
            username: user.username,
            password_hash: passwordHash,
            // Generated: changed at the first login before anything else (issue 42).
            must_change_password: true,
            real_name: user.realName,
            sex: user.sex,
            phone: user.phone,
            email: user.email,
            user_type: user.userType,
            ...tenant,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.usernameTaken,
      );
      await repo.replaceLinks(trx, row.id, { orgIds, roleIds });
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增用户',
        targetType: 'sys_user',
        targetId: row.id,
        detail: { ...user, orgIds, roleIds },
      });
      return { id: Number(row.id), password };
    });
  }

  async update(
    request: FastifyRequest,
    auth: AuthContext,
    id: string,
    input: Omit<UserInput, 'username' | 'orgIds' | 'roleIds'> & { orgIds?: number[]; roleIds?: number[]; tenantUserType?: TenantUserType | null },
  ) {
    const orgIds = input.orgIds?.map(str);
    const roleIds = input.roleIds?.map(str);
    const scope = tenantScopeOf(auth);
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminGuard(trx);
      const before = await repo.findUser(trx, id, scope);
      if (!before) throw notFound('用户不存在或已被删除');
      assertNotTenantOwner(scope, auth, before);
      // The 主管理员 editing itself keeps its kind; any other tenant user is a 子管理员 or 普通用户.
      const kind = !scope.byTenant ? { user_type: input.userType } : before.tenant_user_type === 0 ? {} : tenantKind(input);
      // The user name is the login and the operation log's key: it does not change.
      const user = clean({ ...input, username: before.username });
      await assertMayManageUser(trx, auth, id);
      const [oldRoles, oldOrgs] = await Promise.all([repo.directRoleIds(trx, id), repo.orgIdsOf(trx, id)]);
      const newRoles = roleIds ?? oldRoles;
      const newOrgs = orgIds ?? oldOrgs;
      // Organisations carry roles too, so neither may be changed on oneself (issue 5 Must show).
      if (id === auth.userId && (!sameSet(oldRoles, newRoles) || !sameSet(oldOrgs, newOrgs))) {
        throw forbidden(ADMIN_TEXT.ownRoles);
      }
      await this.checkRefs(trx, scope, newOrgs, newRoles);
      assertMayTouchSuperRole(auth, await this.touchesSuper(trx, changed(oldRoles, newRoles), changed(oldOrgs, newOrgs)));
      await trx
        .updateTable('sys_user')
        .set({
          real_name: user.realName,
          sex: user.sex,
          phone: user.phone,
          email: user.email,
          ...kind,
          update_time: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await repo.replaceLinks(trx, id, { orgIds, roleIds });
      await assertAdminsRemain(trx);
      await writeAudit(trx, request, {
        module: MODULE,
        action: '修改用户',
        targetType: 'sys_user',
        targetId: id,
        detail: { before: { ...before, orgIds: oldOrgs, roleIds: oldRoles } },
      });
      await this.ctx.events.publish(trx, { kind: 'user', id });
    });
    this.ctx.events.deliver({ kind: 'user', id });
  }

  async remove(request: FastifyRequest, auth: AuthContext, id: string) {
    const scope = tenantScopeOf(auth);
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminGuard(trx);
      const before = await repo.findUser(trx, id, scope);
      if (!before) throw notFound('用户不存在或已被删除');
      assertNotTenantOwner(scope, auth, before);
      await assertMayManageUser(trx, auth, id);
      await assertNotLastAdmin(trx, id, before.status);
      if (id === auth.userId) throw badRequest('不能删除当前登录的用户');
      const [roles, orgs] = await Promise.all([repo.directRoleIds(trx, id), repo.orgIdsOf(trx, id)]);
      try {
        await trx.deleteFrom('sys_user').where('id', '=', id).execute();
      } catch (err) {
        if ((err as { code?: string }).code === '23503') throw badRequest('该用户已有关联的业务数据，不能删除，请改为停用');
        throw err;
      }
      await assertAdminsRemain(trx);
      await writeAudit(trx, request, {
        module: MODULE,
        action: '删除用户',
        targetType: 'sys_user',
        targetId: id,
        detail: { before: { ...before, orgIds: orgs, roleIds: roles } },
      });
      await this.ctx.events.publish(trx, { kind: 'user', id });
    });
    this.ctx.events.deliver({ kind: 'user', id });
  }

  async setStatus(request: FastifyRequest, auth: AuthContext, id: string, status: 0 | 1) {
    const scope = tenantScopeOf(auth);
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminGuard(trx);
      const before = await repo.findUser(trx, id, scope);
      if (!before) throw notFound('用户不存在或已被删除');
      assertNotTenantOwner(scope, auth, before);
      await assertMayManageUser(trx, auth, id);
      if (status !== 0) {
        await assertNotLastAdmin(trx, id, before.status);
        if (id === auth.userId) throw badRequest('不能停用当前登录的用户');
      }
      await trx.updateTable('sys_user').set({ status, update_time: new Date() }).where('id', '=', id).execute();
      await assertAdminsRemain(trx);
      await writeAudit(trx, request, {
        module: MODULE,
        action: status === 0 ? '启用用户' : '停用用户',
        targetType: 'sys_user',
        targetId: id,
        detail: { before: { status: before.status } },
      });
      // A disabled user's sessions end at once, on every instance (issue 5 §1).
      if (status !== 0) await this.ctx.sessions.destroyAllFor(trx, id);
      else await this.ctx.events.publish(trx, { kind: 'user', id });
    });
    this.ctx.events.deliver({ kind: 'user', id });
  }

  async resetPassword(request: FastifyRequest, auth: AuthContext, id: string) {
    if (id === auth.userId) throw badRequest('请通过“修改密码”修改自己的密码');
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const scope = tenantScopeOf(auth);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findUser(trx, id, scope);
      if (!before) throw notFound('用户不存在或已被删除');
      assertNotTenantOwner(scope, auth, before);
      await assertMayManageUser(trx, auth, id);
      await trx
        .updateTable('sys_user')
        .set({ password_hash: passwordHash, must_change_password: true, update_time: new Date() })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, request, { module: MODULE, action: '重置密码', targetType: 'sys_user', targetId: id });
      await this.ctx.sessions.destroyAllFor(trx, id);
    });
    this.ctx.events.deliver({ kind: 'user', id });
    return { id: Number(id), password };
  }
}


declare module '../../../context.ts' {
  interface AppContext {
    /** The console's user service (bootstrap.ts): the admin routes and the company module's user screens share it. */
    users: UserService;
  }
}
