import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_TEXT, type DataScope } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { ownerOf, type TenantScope } from '../../../db/tenantScope.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { roleIdsOf, SUPER_ROLE_CODE } from '../../user/worker.ts';
import { blankToNull, uniqueOr } from '../common.ts';
import { assertAdminsRemain, assertMayManageUser, assertMayTouchSuperRole, lockAdminGuard } from '../guard.ts';
import * as repo from './repo.ts';

const MODULE = '角色管理';

export interface RoleInput {
  roleName: string;
  remark?: string | null;
  /** Which form records its holders reach (issue 15); unchanged on update when left out. */
  dataScope?: DataScope;
}

function cleanName(name: string): string {
  const t = name.trim();
  if (!t) throw badRequest('请输入角色名称');
  return t;
}

export class RoleService {
  constructor(private readonly ctx: AppContext) {}

  private async load(trx: Kysely<Database>, id: string, scope: TenantScope) {
    const role = await repo.findRole(trx, id, scope);
    if (!role) throw notFound('角色不存在或已被删除');
    return role;
  }

  async add(request: FastifyRequest, scope: TenantScope, input: RoleInput): Promise<number> {
    const roleName = cleanName(input.roleName);
    const companyId = ownerOf(scope);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (await repo.roleNameTaken(trx, roleName, companyId)) throw conflict(ADMIN_TEXT.roleNameTaken);
      const row = await uniqueOr(
        trx
          .insertInto('sys_role')
          .values({ role_name: roleName, company_id: companyId, remark: blankToNull(input.remark), data_scope: input.dataScope ?? 'all' })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.roleNameTaken,
      );
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增角色',
        targetType: 'sys_role',
        targetId: row.id,
        detail: { roleName, remark: blankToNull(input.remark), dataScope: input.dataScope ?? 'all' },
      });
      return Number(row.id);
    });
  }

  async update(request: FastifyRequest, auth: AuthContext, scope: TenantScope, id: string, input: RoleInput): Promise<void> {
    const roleName = cleanName(input.roleName);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.load(trx, id, scope);
      assertMayTouchSuperRole(auth, before.role_code === SUPER_ROLE_CODE);
      if (await repo.roleNameTaken(trx, roleName, before.company_id, id)) throw conflict(ADMIN_TEXT.roleNameTaken);
      // Widening one's own role's data scope would be granting oneself records, as with its menus.
      const scopeChanged = input.dataScope !== undefined && input.dataScope !== before.data_scope;
      if (scopeChanged && !auth.permissions.isSuper && (await roleIdsOf(trx, auth.userId)).includes(id)) {
        throw forbidden('不能修改自己所属角色的数据范围');
      }
      await uniqueOr(
        trx
          .updateTable('sys_role')
          .set({ role_name: roleName, remark: blankToNull(input.remark), data_scope: input.dataScope ?? before.data_scope })
          .where('id', '=', id)
          .execute(),
        ADMIN_TEXT.roleNameTaken,
      );
      await writeAudit(trx, request, { module: MODULE, action: '修改角色', targetType: 'sys_role', targetId: id, detail: { before } });
      // Role names are part of every holder's user record, and the data scope of their permissions.
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  async remove(request: FastifyRequest, scope: TenantScope, id: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.load(trx, id, scope);
      if (before.role_code) throw badRequest(ADMIN_TEXT.builtInRole);
      const [users, orgs, menus] = await Promise.all([
        repo.directUsers(trx, id),
        repo.roleOrgs(trx, id),
        repo.roleMenuIds(trx, id),
      ]);
      await trx.deleteFrom('sys_role').where('id', '=', id).execute();
      await writeAudit(trx, request, {
        module: MODULE,
        action: '删除角色',
        targetType: 'sys_role',
        targetId: id,
        detail: { before: { ...before, userIds: users.map((u) => u.id), orgIds: orgs.map((o) => o.id), menuIds: menus } },
      });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  /** Replaces the users who hold the role directly. */
  async setUsers(request: FastifyRequest, auth: AuthContext, scope: TenantScope, roleId: string, userIds: string[]): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminGuard(trx);
      const role = await this.load(trx, roleId, scope);
      assertMayTouchSuperRole(auth, role.role_code === SUPER_ROLE_CODE);
      if ((await repo.countIn(trx, 'sys_user', userIds, role.company_id)) !== userIds.length) throw badRequest('所选用户不存在或已被删除');
      const before = (await repo.directUsers(trx, roleId)).map((u) => u.id);
      const added = userIds.filter((u) => !before.includes(u));
      const removed = before.filter((u) => !userIds.includes(u));
      if (added.includes(auth.userId) || removed.includes(auth.userId)) throw forbidden(ADMIN_TEXT.ownRoles);
      for (const u of [...added, ...removed]) await assertMayManageUser(trx, auth, u);
      if (removed.length > 0) {
        await trx.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', removed).execute();
      }
      if (added.length > 0) {
        await trx.insertInto('sys_user_role').values(added.map((user_id) => ({ user_id, role_id: roleId }))).execute();
      }
      await assertAdminsRemain(trx);
      await writeAudit(trx, request, {
        module: MODULE,
        action: '分配角色用户',
        targetType: 'sys_role',
        targetId: roleId,
        detail: { before: { userIds: before }, added, removed },
      });
      for (const u of [...added, ...removed]) await this.ctx.events.publish(trx, { kind: 'user', id: u });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  /** Replaces the organisations whose members hold the role. */
  async setOrgs(request: FastifyRequest, auth: AuthContext, scope: TenantScope, roleId: string, orgIds: string[]): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockAdminGuard(trx);
      const role = await this.load(trx, roleId, scope);
      assertMayTouchSuperRole(auth, role.role_code === SUPER_ROLE_CODE);
      if ((await repo.countIn(trx, 'sys_org', orgIds, role.company_id)) !== orgIds.length) throw badRequest('所选组织不存在或已被删除');
      const before = (await repo.roleOrgs(trx, roleId)).map((o) => o.id);
      const heldBefore = (await roleIdsOf(trx, auth.userId)).includes(roleId);
      await trx.deleteFrom('sys_org_role').where('role_id', '=', roleId).execute();
      if (orgIds.length > 0) {
        await trx.insertInto('sys_org_role').values(orgIds.map((org_id) => ({ org_id, role_id: roleId }))).execute();
      }
      await assertAdminsRemain(trx);
      // Through one of the caller's own organisations this would give or take the caller a role:
      // the same as changing one's own roles directly (setUsers), and refused the same way.
      if ((await roleIdsOf(trx, auth.userId)).includes(roleId) !== heldBefore) throw forbidden(ADMIN_TEXT.ownRoles);
      await writeAudit(trx, request, {
        module: MODULE,
        action: '分配角色组织',
        targetType: 'sys_role',
        targetId: roleId,
        detail: { before: { orgIds: before }, after: { orgIds } },
      });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  /** Replaces the menus and buttons bound to the role: what its holders see and may call. */
  async setMenus(request: FastifyRequest, auth: AuthContext, scope: TenantScope, roleId: string, menuIds: string[]): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const role = await this.load(trx, roleId, scope);
      assertMayTouchSuperRole(auth, role.role_code === SUPER_ROLE_CODE);
      // Binding menus to one's own role would be granting oneself permissions.
      if (!auth.permissions.isSuper && (await roleIdsOf(trx, auth.userId)).includes(roleId)) {
        throw forbidden('不能修改自己所属角色的菜单权限');
      }
      // A tenant's role grants only what the park lets tenants have, and the tenant's own forms.
      if ((await repo.countGrantable(trx, menuIds, role.company_id)) !== menuIds.length) {
        throw role.company_id === null ? badRequest('所选菜单不存在或已被删除') : forbidden('所选菜单不存在或不能分配给租户角色');
      }
      const before = await repo.roleMenuIds(trx, roleId);
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
      if (menuIds.length > 0) {
        await trx.insertInto('sys_role_menu').values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id }))).execute();
      }
      await writeAudit(trx, request, {
        module: MODULE,
        action: '分配菜单权限',
        targetType: 'sys_role',
        targetId: roleId,
        detail: { before: { menuIds: before }, after: { menuIds } },
      });
      // Every holder's menus and permissions change on their next request.
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }
}
