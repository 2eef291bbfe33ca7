import type { FastifyRequest } from 'fastify';
import {
  ADMIN_TEXT,
  DIC_CODE_MESSAGE,
  DIC_CODE_PATTERN,
  DIC_TYPE_CODE_MESSAGE,
  DIC_TYPE_CODE_PATTERN,
  dicInUseMessage,
} from '@park/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { ownerOf, type TenantScope } from '../../../db/tenantScope.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../plugins/errors.ts';
import { blankToNull, uniqueOr } from '../common.ts';
import * as repo from './repo.ts';
import { countDicUsage } from './usage.ts';

const MODULE = '数据字典';

/** A delete that would remove entries records still use: the caller must confirm with force. */
export class InUseError extends AppError {
  constructor(
    message: string,
    readonly usedCount: number,
  ) {
    super(409, message);
  }
}

function required(value: string, what: string): string {
  const t = value.trim();
  if (!t) throw badRequest(`请输入${what}`);
  return t;
}

/** A tenant changes only its own dictionaries; the park's are read-only to it (ADR 0042). */
function assertWritable(type: { company_id: string | null }, scope: TenantScope): void {
  if (scope.byTenant && type.company_id !== scope.tenantId) throw forbidden('平台数据字典为只读，不能修改');
}

export class DicService {
  constructor(private readonly ctx: AppContext) {}

  /** The type the caller may change, else 404 (not readable) or 403 (the park's, to a tenant). */
  private async writableType(trx: Kysely<Database>, scope: TenantScope, id: string, missing: () => Error) {
    const type = await repo.findType(trx, id, scope);
    if (!type) throw missing();
    assertWritable(type, scope);
    return type;
  }

  async addType(request: FastifyRequest, scope: TenantScope, input: { typeCode: string; typeName: string; remark?: string | null }): Promise<number> {
    const typeCode = input.typeCode.trim();
    if (!DIC_TYPE_CODE_PATTERN.test(typeCode)) throw badRequest(DIC_TYPE_CODE_MESSAGE);
    const typeName = required(input.typeName, '类型名称');
    return this.ctx.db.transaction().execute(async (trx) => {
      if (await repo.typeCodeTaken(trx, typeCode, ownerOf(scope))) throw conflict(ADMIN_TEXT.dicTypeTaken);
      const row = await uniqueOr(
        trx
          .insertInto('sys_dic_type')
          .values({ company_id: ownerOf(scope), type_code: typeCode, type_name: typeName, remark: blankToNull(input.remark) })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.dicTypeTaken,
      );
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增字典类型',
        targetType: 'sys_dic_type',
        targetId: row.id,
        detail: { typeCode, typeName },
      });
      return Number(row.id);
    });
  }

  /** The code is what forms refer to, so it stays; name and remark change. */
  async updateType(request: FastifyRequest, scope: TenantScope, id: string, input: { typeName: string; remark?: string | null }): Promise<void> {
    const typeName = required(input.typeName, '类型名称');
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.writableType(trx, scope, id, () => notFound('字典类型不存在或已被删除'));
      await trx.updateTable('sys_dic_type').set({ type_name: typeName, remark: blankToNull(input.remark) }).where('id', '=', id).execute();
      await writeAudit(trx, request, { module: MODULE, action: '修改字典类型', targetType: 'sys_dic_type', targetId: id, detail: { before } });
    });
  }

  async deleteType(request: FastifyRequest, scope: TenantScope, id: string, force: boolean): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.writableType(trx, scope, id, () => notFound('字典类型不存在或已被删除'));
      const codes = await repo.typeCodes(trx, id);
      const used = await countDicUsage(trx, before.type_code, codes);
      if (used > 0 && !force) throw new InUseError(dicInUseMessage(used), used);
      await trx.deleteFrom('sys_dic_type').where('id', '=', id).execute();
      await writeAudit(trx, request, {
        module: MODULE,
        action: '删除字典类型',
        targetType: 'sys_dic_type',
        targetId: id,
        detail: { before: { ...before, entryCodes: codes }, usedCount: used },
      });
    });
  }

  async addCatalog(
    request: FastifyRequest,
    scope: TenantScope,
    input: { typeId: number; parentId?: number | null; code: string; name: string; orderIndex?: number },
  ): Promise<number> {
    const code = input.code.trim();
    if (!DIC_CODE_PATTERN.test(code)) throw badRequest(DIC_CODE_MESSAGE);
    const name = required(input.name, '字典项名称');
    const typeId = String(input.typeId);
    const parentId = input.parentId == null ? null : String(input.parentId);
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.writableType(trx, scope, typeId, () => notFound('字典类型不存在或已被删除'));
      if (parentId !== null) {
        const parent = await repo.findCatalog(trx, parentId);
        if (!parent || parent.type_id !== typeId) throw badRequest('上级字典项不存在或不属于该类型');
      }
      if (await repo.codeTaken(trx, typeId, code)) throw conflict(ADMIN_TEXT.dicCodeTaken);
      const order = input.orderIndex ?? (await repo.catalogChildren(trx, typeId, parentId)).length;
      const row = await uniqueOr(
        trx
          .insertInto('sys_dic_catalog')
          .values({ type_id: typeId, parent_id: parentId, code, name, order_index: order })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.dicCodeTaken,
      );
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增字典项',
        targetType: 'sys_dic_catalog',
        targetId: row.id,
        detail: { typeId, parentId, code, name },
      });
      return Number(row.id);
    });
  }

  async updateCatalog(request: FastifyRequest, scope: TenantScope, id: string, input: { name: string; orderIndex?: number }): Promise<void> {
    const name = required(input.name, '字典项名称');
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findCatalog(trx, id);
      if (!before) throw notFound('字典项不存在或已被删除');
      await this.writableType(trx, scope, before.type_id, () => notFound('字典项不存在或已被删除'));
      await trx
        .updateTable('sys_dic_catalog')
        .set({ name, order_index: input.orderIndex ?? before.order_index })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, request, { module: MODULE, action: '修改字典项', targetType: 'sys_dic_catalog', targetId: id, detail: { before } });
    });
  }

  async deleteCatalog(request: FastifyRequest, scope: TenantScope, id: string, force: boolean): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findCatalog(trx, id);
      if (!before) throw notFound('字典项不存在或已被删除');
      const type = await this.writableType(trx, scope, before.type_id, () => notFound('字典项不存在或已被删除'));
      const codes = await repo.subtreeCodes(trx, id);
      const used = await countDicUsage(trx, type?.type_code ?? '', codes);
      if (used > 0 && !force) throw new InUseError(dicInUseMessage(used), used);
      await trx.deleteFrom('sys_dic_catalog').where('id', '=', id).execute();
      await writeAudit(trx, request, {
        module: MODULE,
        action: '删除字典项',
        targetType: 'sys_dic_catalog',
        targetId: id,
        detail: { before: { ...before, subtreeCodes: codes }, usedCount: used },
      });
    });
  }
}
