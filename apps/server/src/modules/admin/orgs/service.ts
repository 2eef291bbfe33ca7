import type { FastifyRequest } from 'fastify';
import { ADMIN_TEXT, orgHasUsersMessage } from '@park/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { TenantScope } from '../../../db/tenantScope.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { blankToNull, uniqueOr } from '../common.ts';
import * as repo from './repo.ts';

const MODULE = '组织机构';

export interface OrgInput {
  orgName: string;
  orgCode?: string | null;
  /** The organisation's leader (主管, issue 18); absent leaves it as it is, null clears it. */
  leaderId?: number | null;
}

function cleanName(name: string): string {
  const t = name.trim();
  if (!t) throw badRequest('请输入组织名称');
  return t;
}

/** The leader must be an existing user of the organisation's owner (a tenant's leader is its own user). */
async function leaderOf(db: Kysely<Database>, input: OrgInput, companyId: string | null): Promise<string | null> {
  if (input.leaderId === undefined || input.leaderId === null) return null;
  let q = db.selectFrom('sys_user').select('id').where('id', '=', String(input.leaderId));
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  const user = await q.executeTakeFirst();
  if (!user) throw badRequest('主管不存在或已被删除');
  return user.id;
}

export class OrgService {
  constructor(private readonly ctx: AppContext) {}

  async add(request: FastifyRequest, scope: TenantScope, parentId: string | null, input: OrgInput): Promise<number> {
    const orgName = cleanName(input.orgName);
    return this.ctx.db.transaction().execute(async (trx) => {
      const parent = parentId === null ? null : await repo.findOrg(trx, parentId, scope);
      if (parentId !== null && !parent) throw notFound('上级组织不存在或已被删除');
      // A child belongs to its parent's owner; a top-level one to the caller's tenant (the park: none).
      const companyId = parent ? parent.company_id : scope.byTenant ? scope.tenantId : null;
      const at = { parentId, companyId };
      if (await repo.siblingNameTaken(trx, at, orgName)) throw conflict(ADMIN_TEXT.orgNameTaken);
      const order = (await repo.childIds(trx, at)).length;
      const row = await uniqueOr(
        trx
          .insertInto('sys_org')
          .values({ parent_id: parentId, company_id: companyId, org_name: orgName, org_code: blankToNull(input.orgCode), order_index: order, leader_id: await leaderOf(trx, input, companyId) })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.orgNameTaken,
      );
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增组织',
        targetType: 'sys_org',
        targetId: row.id,
        detail: { parentId, orgName, orgCode: blankToNull(input.orgCode) },
      });
      return Number(row.id);
    });
  }

  async update(request: FastifyRequest, scope: TenantScope, id: string, input: OrgInput): Promise<void> {
    const orgName = cleanName(input.orgName);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findOrg(trx, id, scope);
      if (!before) throw notFound('组织不存在或已被删除');
      if (await repo.siblingNameTaken(trx, { parentId: before.parent_id, companyId: before.company_id }, orgName, id)) throw conflict(ADMIN_TEXT.orgNameTaken);
      await uniqueOr(
        trx
          .updateTable('sys_org')
          .set({
            org_name: orgName,
            org_code: blankToNull(input.orgCode),
            update_time: new Date(),
            ...(input.leaderId === undefined ? {} : { leader_id: await leaderOf(trx, input, before.company_id) }),
          })
          .where('id', '=', id)
          .execute(),
        ADMIN_TEXT.orgNameTaken,
      );
      await writeAudit(trx, request, { module: MODULE, action: '修改组织', targetType: 'sys_org', targetId: id, detail: { before } });
      // The shell shows organisation names in the user record.
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  /** Drag and drop: puts the organisation under `parentId` (null: top level) at position `index`. */
  async move(request: FastifyRequest, scope: TenantScope, id: string, parentId: string | null, index: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findOrg(trx, id, scope);
      if (!before) throw notFound('组织不存在或已被删除');
      if (parentId !== null) {
        const target = await repo.findOrg(trx, parentId, scope);
        if (!target) throw notFound('目标上级组织不存在或已被删除');
        // An organisation stays with its owner: never moved into another tenant or the park.
        if (target.company_id !== before.company_id) throw badRequest('不能把组织移动到其他租户的组织之下');
        if (await repo.isSelfOrDescendant(trx, id, parentId)) throw badRequest('不能把组织移动到它自己或它的下级组织之下');
      }
      const at = { parentId, companyId: before.company_id };
      if (parentId !== before.parent_id && (await repo.siblingNameTaken(trx, at, before.org_name, id))) {
        throw conflict(ADMIN_TEXT.orgNameTaken);
      }
      const siblings = (await repo.childIds(trx, at)).filter((s) => s !== id);
      siblings.splice(Math.max(0, Math.min(index, siblings.length)), 0, id);
      await trx.updateTable('sys_org').set({ parent_id: parentId, update_time: new Date() }).where('id', '=', id).execute();
      for (const [i, sid] of siblings.entries()) {
        await trx.updateTable('sys_org').set({ order_index: i }).where('id', '=', sid).execute();
      }
      await writeAudit(trx, request, {
        module: MODULE,
        action: '移动组织',
        targetType: 'sys_org',
        targetId: id,
        detail: { before: { parentId: before.parent_id, orderIndex: before.order_index }, after: { parentId, index } },
      });
    });
  }

  async remove(request: FastifyRequest, scope: TenantScope, id: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findOrg(trx, id, scope);
      if (!before) throw notFound('组织不存在或已被删除');
      if ((await repo.childIds(trx, { parentId: id, companyId: before.company_id })).length > 0) throw badRequest(ADMIN_TEXT.orgHasChildren);
      const members = await repo.countMembers(trx, id);
      if (members > 0) throw badRequest(orgHasUsersMessage(members));
      await trx.deleteFrom('sys_org').where('id', '=', id).execute();
      await writeAudit(trx, request, { module: MODULE, action: '删除组织', targetType: 'sys_org', targetId: id, detail: { before } });
    });
  }
}
