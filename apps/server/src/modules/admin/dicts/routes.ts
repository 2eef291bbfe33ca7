import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { InUseReply } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERM, tenantScopeOf, type TenantScope } from '../../../plugins/scope.ts';
import { adminCall, Id, OptText, OptionalPage, str, Text } from '../common.ts';
import * as repo from './repo.ts';
import { DicService, InUseError } from './service.ts';

const PERM = 'system:dict';
const MODULE = '数据字典';

const TypeRef = {
  tenantId: Type.Optional(Id),
  typeId: Type.Optional(Id),
  typeCode: Type.Optional(Type.String({ maxLength: 64 })),
};
const ListTypeQuery = Type.Object({ ...OptionalPage, wd: Type.Optional(Type.String({ maxLength: 64 })), tenantId: Type.Optional(Id) });
const AddTypeBody = Type.Object({ typeCode: Text(64), typeName: Text(64), remark: OptText(500) });
const UpdateTypeBody = Type.Object({ id: Id, typeName: Text(64), remark: OptText(500) });
const DeleteBody = Type.Object({ id: Id, force: Type.Optional(Type.Boolean()) });
const CheckTypeQuery = Type.Object({ typeCode: Type.String({ maxLength: 64 }), id: Type.Optional(Id) });
const CatalogQuery = Type.Object(TypeRef);
/** parentId empty or 0: the top-level entries. */
const ChildrenQuery = Type.Object({ ...TypeRef, parentId: Type.Optional(Type.String({ pattern: '^\\d{0,15}$' })) });
const AddCatalogBody = Type.Object({
  typeId: Id,
  parentId: Type.Optional(Type.Union([Id, Type.Null()])),
  code: Text(64),
  name: Text(100),
  orderIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
});
const UpdateCatalogBody = Type.Object({ id: Id, name: Text(100), orderIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })) });

async function orInUse(reply: FastifyReply, work: Promise<void>) {
  try {
    await work;
    return { errCode: 0 };
  } catch (err) {
    if (!(err instanceof InUseError)) throw err;
    const body: InUseReply = { errCode: 409, errMsg: err.message, usedCount: err.usedCount };
    return reply.status(409).send(body);
  }
}

export function adminDicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const dics = new DicService(ctx);
  const { db } = ctx;

  /* Reads: a tenant's users its own types and the park's; the park's 租户管理 › 数据字典 a tenant's. */
  const readScope = (request: FastifyRequest, tenantId?: number): TenantScope => {
    const scope = tenantScopeOf(authOf(request), tenantId, TENANT_VIEW_PERM.dic);
    return scope.tenantId !== null && !scope.byTenant ? { ...scope, byTenant: true } : scope;
  };
  const typeOf = async (request: FastifyRequest, ref: { tenantId?: number; typeId?: number; typeCode?: string }) => {
    const type = await repo.resolveType(db, ref, readScope(request, ref.tenantId));
    if (!type) throw badRequest('字典类型不存在');
    return type;
  };

  /* The three reads below are also the dictionary pickers' (issue 4): any signed-in user. */
  app.get('/api/user/listDicType', { schema: { querystring: ListTypeQuery } }, async (request) => {
    const q = request.query as Static<typeof ListTypeQuery>;
    const paged = q.pageNum !== undefined || q.pageSize !== undefined;
    const pageSize = q.pageSize ?? 10;
    const { rows, total } = await repo.listTypes(db, {
      scope: tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERM.dic),
      wd: q.wd?.trim() || undefined,
      limit: paged ? pageSize : null,
      offset: paged ? ((q.pageNum ?? 1) - 1) * pageSize : 0,
    });
    return { errCode: 0, datas: rows, totalCount: total };
  });

  app.get('/api/user/listDicCatalog', { schema: { querystring: CatalogQuery } }, async (request) => {
    const type = await typeOf(request, request.query as Static<typeof CatalogQuery>);
    return { errCode: 0, datas: await repo.catalogTree(db, type.id) };
  });

  app.get('/api/user/listDicCatalogByParentId', { schema: { querystring: ChildrenQuery } }, async (request) => {
    const q = request.query as Static<typeof ChildrenQuery>;
    const type = await typeOf(request, q);
    const parentId = !q.parentId || Number(q.parentId) === 0 ? null : String(Number(q.parentId));
    return { errCode: 0, datas: await repo.catalogChildren(db, type.id, parentId) };
  });

  app.get('/api/user/checkDicType', { schema: { querystring: CheckTypeQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof CheckTypeQuery>;
    const code = q.typeCode.trim();
    const owner = tenantScopeOf(authOf(request)).tenantId;
    return { errCode: 0, exists: code !== '' && (await repo.typeCodeTaken(db, code, owner, q.id === undefined ? undefined : str(q.id))) };
  });

  app.post('/api/user/addDicType', { schema: { body: AddTypeBody }, config: adminCall(PERM, MODULE, '新增字典类型') }, async (request) => {
    const id = await dics.addType(request, tenantScopeOf(authOf(request)), request.body as Static<typeof AddTypeBody>);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateDicType', { schema: { body: UpdateTypeBody }, config: adminCall(PERM, MODULE, '修改字典类型') }, async (request) => {
    const body = request.body as Static<typeof UpdateTypeBody>;
    await dics.updateType(request, tenantScopeOf(authOf(request)), str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteDicType', { schema: { body: DeleteBody }, config: adminCall(PERM, MODULE, '删除字典类型') }, async (request, reply) => {
    const body = request.body as Static<typeof DeleteBody>;
    return orInUse(reply, dics.deleteType(request, tenantScopeOf(authOf(request)), str(body.id), body.force === true));
  });

  app.post('/api/user/addDicCatalog', { schema: { body: AddCatalogBody }, config: adminCall(PERM, MODULE, '新增字典项') }, async (request) => {
    const id = await dics.addCatalog(request, tenantScopeOf(authOf(request)), request.body as Static<typeof AddCatalogBody>);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateDicCatalog', { schema: { body: UpdateCatalogBody }, config: adminCall(PERM, MODULE, '修改字典项') }, async (request) => {
    const body = request.body as Static<typeof UpdateCatalogBody>;
    await dics.updateCatalog(request, tenantScopeOf(authOf(request)), str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteDicCatalog', { schema: { body: DeleteBody }, config: adminCall(PERM, MODULE, '删除字典项') }, async (request, reply) => {
    const body = request.body as Static<typeof DeleteBody>;
    return orInUse(reply, dics.deleteCatalog(request, tenantScopeOf(authOf(request)), str(body.id), body.force === true));
  });
}
