import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { MICRO_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { MICRO_PERMS, parseId } from './service.ts';

/*
 * /api/micro/… as the original's client calls them (kh.config.json; screens-round3 §2): list GETs,
 * FORM writes of functions and apps, GET writes of templates, JSON saves of the two trees; plus
 * GET /api/micro/workbench/myWorkbench (ours, workbench-contract.md) and listTenantOrgStructure.
 */

const Paging = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
};
const Str = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const FunctionQuery = Type.Object({ ...Paging, funName: Str(), tag: Str(), type: Type.Optional(Type.Union([Type.Literal(''), Type.Integer({ minimum: 0, maximum: 2 })])) });
const AppQuery = Type.Object({ ...Paging, appName: Str(), introduce: Str(), tag: Str() });
const TemplateQuery = Type.Object({ ...Paging, templateName: Str(), applyIndustry: Str(), explanation: Str() });
const IdQuery = Type.Object({ id: Type.String({ maxLength: 20 }) });
const AppIdQuery = Type.Object({ appId: Type.String({ maxLength: 20 }) });
const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const TenantParams = Type.Object({ tenantId: Type.String({ maxLength: 20 }) });
const OrgQuery = Type.Object({ orgId: Str(20), tenantId: Str(20) });
const MyQuery = Type.Object({ client: Type.Optional(Type.String({ maxLength: 20 })) });
const WorkbenchBody = Type.Object({ tenantId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer(), Type.Null()])), workbenchMenus: Type.Unknown() });
const TemplateMenuBody = Type.Object({ templateId: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]), templateMenus: Type.Unknown() });

type Body = Record<string, unknown>;
const body = (b: unknown): Body => (typeof b === 'object' && b !== null ? (b as Body) : {});
const audit = (module: string, action: string) => ({ audit: { module, action } });

export function microRoutes(app: FastifyInstance, ctx: AppContext): void {
  const micro = ctx.micro;

  // ---- 功能管理 ------------------------------------------------------------------------------
  const fnRead = [MICRO_PERMS.function, MICRO_PERMS.app];
  app.get('/api/micro/function/list', { schema: { querystring: FunctionQuery } }, async (request) => {
    micro.requirePark(authOf(request), ...fnRead);
    const q = request.query as Static<typeof FunctionQuery>;
    return { errCode: 0, ...(await micro.listFunctions({ ...q, type: q.type === '' || q.type === undefined ? undefined : Number(q.type) })) };
  });
  app.get('/api/micro/function/get', { schema: { querystring: IdQuery } }, async (request) => {
    micro.requirePark(authOf(request), ...fnRead);
    return { errCode: 0, microAppFunction: await micro.getFunction(parseId((request.query as Static<typeof IdQuery>).id)) };
  });
  app.post('/api/micro/function/add', { config: audit('功能管理', '新增功能') }, async (request) => {
    const auth = authOf(request);
    micro.requirePark(auth, MICRO_PERMS.function);
    const id = await micro.addFunction(auth, body(request.body));
    return { errCode: 0, errMsg: MICRO_TEXT.added, id: Number(id) };
  });
  app.post('/api/micro/function/update', { config: audit('功能管理', '修改功能') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.function);
    await micro.updateFunction(body(request.body));
    return { errCode: 0, errMsg: MICRO_TEXT.updated };
  });
  app.post('/api/micro/function/delete', { config: audit('功能管理', '删除功能') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.function);
    await micro.deleteFunctions(body(request.body).ids);
    return { errCode: 0, errMsg: MICRO_TEXT.deleted };
  });
  app.get('/api/micro/function/listByAppId', { schema: { querystring: AppIdQuery } }, async (request) => {
    await micro.requireCatalogueReader(authOf(request));
    return { errCode: 0, ...(await micro.functionsOfApp(parseId((request.query as Static<typeof AppIdQuery>).appId))) };
  });

  // ---- 微应用管理 ----------------------------------------------------------------------------
  app.get('/api/micro/app/list', { schema: { querystring: AppQuery } }, async (request) => {
    await micro.requireCatalogueReader(authOf(request));
    return { errCode: 0, ...(await micro.listApps(request.query as Static<typeof AppQuery>)) };
  });
  app.get('/api/micro/app/get', { schema: { querystring: IdQuery } }, async (request) => {
    await micro.requireCatalogueReader(authOf(request));
    return { errCode: 0, microApp: await micro.getApp(parseId((request.query as Static<typeof IdQuery>).id)) };
  });
  app.post('/api/micro/app/add', { config: audit('微应用管理', '新增微应用') }, async (request) => {
    const auth = authOf(request);
    micro.requirePark(auth, MICRO_PERMS.app);
    const id = await micro.addApp(auth, body(request.body));
    return { errCode: 0, errMsg: MICRO_TEXT.appAdded, id: Number(id) };
  });
  app.post('/api/micro/app/update', { config: audit('微应用管理', '修改微应用') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.app);
    await micro.updateApp(body(request.body));
    return { errCode: 0, errMsg: MICRO_TEXT.appUpdated };
  });
  app.post('/api/micro/app/delete', { config: audit('微应用管理', '删除微应用') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.app);
    await micro.deleteApps(body(request.body).ids);
    return { errCode: 0, errMsg: MICRO_TEXT.deleted };
  });

  // ---- 模板管理 (the original writes templates with GET) ---------------------------------------
  app.get('/api/micro/template/queryMicroAppTemplate', { schema: { querystring: TemplateQuery } }, async (request) => {
    await micro.requireCatalogueReader(authOf(request));
    return { errCode: 0, ...(await micro.listTemplates(request.query as Static<typeof TemplateQuery>)) };
  });
  const writeGet = (action: string) => ({ mutates: true, ...audit('模板管理', action) });
  app.get('/api/micro/template/addMicroAppTemplate', { config: writeGet('新增模板') }, async (request) => {
    const auth = authOf(request);
    micro.requirePark(auth, MICRO_PERMS.template);
    const id = await micro.addTemplate(auth, body(request.query));
    return { errCode: 0, errMsg: MICRO_TEXT.templateAdded, id: Number(id) };
  });
  app.get('/api/micro/template/updateMicroAppTemplate', { config: writeGet('修改模板') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.template);
    await micro.updateTemplate(body(request.query));
    return { errCode: 0, errMsg: MICRO_TEXT.templateUpdated };
  });
  app.get('/api/micro/template/deleteMicroAppTemplate', { config: writeGet('删除模板') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.template);
    await micro.deleteTemplates(body(request.query).ids);
    return { errCode: 0, errMsg: MICRO_TEXT.templateDeleted };
  });
  app.post('/api/micro/template/saveTemplateMenu', { schema: { body: TemplateMenuBody }, config: audit('模板管理', '保存工作台分组') }, async (request) => {
    micro.requirePark(authOf(request), MICRO_PERMS.template);
    const b = request.body as Static<typeof TemplateMenuBody>;
    await micro.saveTree({ kind: 'template', templateId: parseId(b.templateId, MICRO_TEXT.templateNotFound) }, b.templateMenus);
    return { errCode: 0, errMsg: MICRO_TEXT.updated };
  });
  app.get('/api/micro/template/queryTemplateMenuTreeByTemplateId/:id', { schema: { params: IdParams } }, async (request) => {
    await micro.requireCatalogueReader(authOf(request));
    const id = parseId((request.params as Static<typeof IdParams>).id, MICRO_TEXT.templateNotFound);
    return { errCode: 0, datas: await micro.tree({ kind: 'template', templateId: id }) };
  });

  // ---- 工作台 -------------------------------------------------------------------------------
  app.get('/api/micro/workbench/queryWorkbenchTreesByTenantId/:tenantId', { schema: { params: TenantParams } }, async (request) => {
    const companyId = await micro.workbenchOwner(authOf(request), (request.params as Static<typeof TenantParams>).tenantId);
    return { errCode: 0, datas: await micro.tree({ kind: 'workbench', companyId }) };
  });
  app.post('/api/micro/workbench/saveWorkbench', { schema: { body: WorkbenchBody }, config: audit('工作台', '保存工作台') }, async (request) => {
    const b = request.body as Static<typeof WorkbenchBody>;
    const companyId = await micro.workbenchOwner(authOf(request), b.tenantId);
    await micro.saveTree({ kind: 'workbench', companyId }, b.workbenchMenus);
    return { errCode: 0, errMsg: MICRO_TEXT.updated };
  });
  app.get('/api/micro/workbench/myWorkbench', { schema: { querystring: MyQuery } }, async (request) => {
    const mobile = (request.query as Static<typeof MyQuery>).client === 'mobile';
    return { errCode: 0, datas: await micro.myWorkbench(authOf(request), mobile) };
  });

  // ---- 选择部门与人员 -------------------------------------------------------------------------
  // The flow designer's OreTransfer browses the same way under its own name (listTenantOrgAndUser).
  for (const path of ['/api/user/listTenantOrgStructure', '/api/user/listTenantOrgAndUser']) {
    app.get(path, { schema: { querystring: OrgQuery } }, async (request) => {
      const q = request.query as Static<typeof OrgQuery>;
      const companyId = await micro.orgScope(authOf(request), q.tenantId);
      return { errCode: 0, list: await micro.orgStructure(companyId, q.orgId) };
    });
  }
}
