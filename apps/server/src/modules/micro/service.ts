import {
  ICON_MAX_BYTES,
  ICON_SUFFIXES,
  isIconColor,
  isIconName,
  joinTags,
  MICRO_LIMITS,
  MICRO_TEXT,
  nameError,
  PARK_WORKBENCH_TENANT_ID,
  splitTags,
  treeAppIds,
  workbenchTreeError,
  type MicroApp,
  type MicroFunction,
  type MicroFunctionType,
  type MicroShowType,
  type MicroTemplate,
  type MyWorkbenchNode,
  type OrgStructureEntry,
  type WorkbenchFunction,
  type WorkbenchNode,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import { allows, type AuthContext } from '../../plugins/authContext.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { attachFileRefs, detachFileRefs, findFile } from '../file/index.ts';
import * as repo from './repo.ts';

/*
 * The micro-app module's rules (issue 37, ADR 0044): who may do what, the checks of every write
 * (core's, the same the screens use), and the replies in the original's shapes.
 */

/** Permission codes of the park's screens (menus 功能管理 / 微应用管理 / 模板管理 / 工作台). */
export const MICRO_PERMS = {
  function: 'micro:function',
  app: 'micro:app',
  template: 'micro:template',
  workbench: 'micro:workbench',
} as const;
/** 租户信息's code: the park's tenant screen opens a tenant's workbench too. */
const TENANT_MANAGE_PERM = 'tenant:manage';

/** Icons are held by these "records" in sys_file_ref, so the upload collector keeps them. */
const ICON_REF = { function: 'micro_function', app: 'micro_app' } as const;

const ID = /^[1-9]\d{0,17}$/;

export function parseId(raw: unknown, message = '参数不合法'): string {
  const s = String(raw ?? '').trim();
  if (!ID.test(s)) throw badRequest(message);
  return s;
}

/** `ids` as the original sends them: comma joined (or repeated). */
export function parseIds(raw: unknown, emptyMessage: string): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  const ids = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(emptyMessage);
  if (ids.length > 1000 || ids.some((id) => !ID.test(id))) throw badRequest('参数不合法');
  return ids;
}

const text = (v: unknown, label: string, max: number = MICRO_LIMITS.text): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  if (s.length > max) throw badRequest(MICRO_TEXT.tooLong(label, max));
  return s || null;
};
const oneOf = <T extends number>(v: unknown, allowed: readonly T[], fallback: T, message: string): T => {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!allowed.includes(n as T)) throw badRequest(message);
  return n as T;
};
const num = (id: string) => Number(id);

function shapeFunction(r: repo.FunctionRow): MicroFunction {
  return {
    id: num(r.id),
    funName: r.fun_name,
    type: r.type as MicroFunctionType,
    showType: r.show_type as MicroShowType,
    menuUrl: r.menu_url,
    component: r.component,
    formId: r.form_id,
    tag: r.tag,
    explanation: r.explanation,
    iconId: r.icon_id,
  };
}
function shapeApp(r: repo.AppRow): MicroApp {
  return {
    id: num(r.id),
    appName: r.app_name,
    appType: r.app_type,
    introduce: r.introduce,
    tag: r.tag,
    iconName: r.icon_name,
    iconBgColor: r.icon_bg_color,
    iconId: r.icon_id,
  };
}
function shapeTemplate(r: repo.TemplateRow): MicroTemplate {
  return { id: num(r.id), templateName: r.template_name, applyIndustry: r.apply_industry, explanation: r.explanation };
}
const isPark = (auth: AuthContext) => auth.user.userType === 0;

export class MicroService {
  constructor(private readonly ctx: AppContext) {}

  // ---- who ----------------------------------------------------------------------------------

  /** The park's catalogue screens: a park user granted the screen's code. */
  requirePark(auth: AuthContext, ...perms: string[]): void {
    if (!isPark(auth) || !perms.some((p) => allows(auth.permissions, p))) throw forbidden();
  }

  /** Catalogue reads the workbench editor needs (apps, templates): the park's screens or a tenant's 主管理员. */
  async requireCatalogueReader(auth: AuthContext): Promise<void> {
    if (isPark(auth)) return this.requirePark(auth, ...Object.values(MICRO_PERMS), TENANT_MANAGE_PERM);
    const companyId = auth.user.companyId == null ? null : String(auth.user.companyId);
    if (!companyId || !(await repo.isTenantAdmin(this.ctx.db, auth.userId, companyId))) throw forbidden();
  }

  /**
   * Whose workbench the caller edits: the park's people any tenant's (or the park's, tenantId 0);
   * a tenant's 主管理员 only its own, the tenant id taken from the session.
   */
  async workbenchOwner(auth: AuthContext, rawTenantId: unknown): Promise<string | null> {
    const raw = rawTenantId === undefined || rawTenantId === null ? '' : String(rawTenantId).trim();
    if (isPark(auth)) {
      this.requirePark(auth, MICRO_PERMS.workbench, MICRO_PERMS.template, TENANT_MANAGE_PERM);
      if (raw === '' || raw === PARK_WORKBENCH_TENANT_ID) return null;
      const id = parseId(raw, MICRO_TEXT.tenantNotFound);
      if (!(await repo.tenantExists(this.ctx.db, id))) throw notFound(MICRO_TEXT.tenantNotFound);
      return id;
    }
    const own = auth.user.companyId == null ? null : String(auth.user.companyId);
    if (!own || !(await repo.isTenantAdmin(this.ctx.db, auth.userId, own))) throw forbidden();
    if (raw !== '' && raw !== own) throw forbidden();
    return own;
  }

  /** The organisation browser's scope: the park's people any tenant's, a tenant's 主管理员 its own. */
  async orgScope(auth: AuthContext, rawTenantId: unknown): Promise<string | null> {
    return this.workbenchOwner(auth, rawTenantId);
  }

  // ---- functions ----------------------------------------------------------------------------

  async listFunctions(f: repo.FunctionFilter) {
    const { rows, total } = await repo.listFunctions(this.ctx.db, f);
    return { datas: rows.map(shapeFunction), totalCount: total };
  }

  async getFunction(id: string): Promise<MicroFunction> {
    const row = await repo.getFunction(this.ctx.db, id);
    if (!row) throw notFound(MICRO_TEXT.functionNotFound);
    return shapeFunction(row);
  }

  private async iconFile(raw: unknown): Promise<string | null> {
    if (raw === undefined || raw === null || raw === '') return null;
    const id = parseId(raw, MICRO_TEXT.iconNotImage);
    const file = await findFile(this.ctx.db, id);
    if (!file) throw badRequest('图标文件不存在或已被删除');
    // The upload itself checked the content against the suffix (file/typeCheck.ts).
    if (!(ICON_SUFFIXES as readonly string[]).includes(file.suffix.toLowerCase().replace(/^\./, ''))) throw badRequest(MICRO_TEXT.iconNotImage);
    if (Number(file.size) > ICON_MAX_BYTES) throw badRequest(MICRO_TEXT.iconTooBig);
    return id;
  }

  private async functionValues(body: Record<string, unknown>): Promise<repo.FunctionValues> {
    const nameErr = nameError(body.funName, MICRO_TEXT.funNameRequired, '功能名称');
    if (nameErr) throw badRequest(nameErr);
    const type = oneOf(body.type, [0, 1, 2] as const, 0, '功能类型不合法');
    const showType = oneOf(body.showType, [0, 1, 2] as const, 0, '显示方式不合法');
    let formId: string | null = null;
    const rawForm = body.formId === undefined || body.formId === null ? '' : String(body.formId).trim();
    if (rawForm) {
      formId = parseId(rawForm, '表单不存在');
      if (!(await repo.formExists(this.ctx.db, formId))) throw badRequest('表单不存在');
    }
    if (type !== 2 && !formId) throw badRequest(MICRO_TEXT.formRequired);
    return {
      fun_name: String(body.funName).trim(),
      type,
      show_type: showType,
      form_id: type === 2 ? null : formId,
      menu_url: text(body.menuUrl, '地址', MICRO_LIMITS.url),
      component: text(body.component, '组件名称', MICRO_LIMITS.name),
      tag: joinTags(splitTags(text(body.tag, '标签', MICRO_LIMITS.tag))) || null,
      explanation: text(body.explanation, '说明'),
      icon_id: await this.iconFile(body.iconId),
    };
  }

  async addFunction(auth: AuthContext, body: Record<string, unknown>): Promise<string> {
    const values = await this.functionValues(body);
    return this.ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertFunction(trx, values, auth.userId);
      if (values.icon_id) await attachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.function, fileIds: [values.icon_id] });
      return id;
    });
  }

  async updateFunction(body: Record<string, unknown>): Promise<void> {
    const id = parseId(body.id);
    const values = await this.functionValues(body);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.updateFunction(trx, id, values))) throw notFound(MICRO_TEXT.functionNotFound);
      await detachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.function });
      if (values.icon_id) await attachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.function, fileIds: [values.icon_id] });
    });
  }

  async deleteFunctions(rawIds: unknown): Promise<void> {
    const ids = parseIds(rawIds, MICRO_TEXT.chooseToDelete);
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const id of ids) await detachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.function });
      await repo.deleteFunctions(trx, ids);
    });
  }

  async functionsOfApp(appId: string) {
    return { datas: (await repo.functionsOfApp(this.ctx.db, appId)).map(shapeFunction) };
  }

  // ---- apps ---------------------------------------------------------------------------------

  async listApps(f: repo.AppFilter) {
    const { rows, total } = await repo.listApps(this.ctx.db, f);
    return { datas: rows.map(shapeApp), totalCount: total };
  }

  async getApp(id: string): Promise<MicroApp> {
    const row = await repo.getApp(this.ctx.db, id);
    if (!row) throw notFound(MICRO_TEXT.appNotFound);
    return shapeApp(row);
  }

  private async appValues(body: Record<string, unknown>): Promise<{ values: repo.AppValues; funIds: string[] }> {
    const nameErr = nameError(body.appName, MICRO_TEXT.appNameRequired, '应用名称');
    if (nameErr) throw badRequest(nameErr);
    const iconName = text(body.iconName, '图标', 64);
    if (iconName && !isIconName(iconName)) throw badRequest(MICRO_TEXT.iconNameInvalid);
    const color = text(body.iconBgColor, '图标颜色', 16);
    if (color && !isIconColor(color)) throw badRequest(MICRO_TEXT.iconColorInvalid);
    const rawFun = String(body.funIds ?? '').trim();
    const funIds = rawFun ? parseIds(rawFun, '') : [];
    const found = await repo.existingIds(this.ctx.db, 'micro_function', funIds);
    if (found.size !== funIds.length) throw badRequest(MICRO_TEXT.functionMissing);
    return {
      values: {
        app_name: String(body.appName).trim(),
        app_type: oneOf(body.appType, [0, 1, 2, 3] as const, 0, '应用类型不合法'),
        introduce: text(body.introduce, '功能介绍'),
        tag: joinTags(splitTags(text(body.tag, '标签', MICRO_LIMITS.tag))) || null,
        icon_name: iconName,
        icon_bg_color: color ? color.toUpperCase() : null,
        icon_id: await this.iconFile(body.iconId),
      },
      funIds,
    };
  }

  async addApp(auth: AuthContext, body: Record<string, unknown>): Promise<string> {
    const { values, funIds } = await this.appValues(body);
    return this.ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertApp(trx, values, auth.userId);
      await repo.setAppFunctions(trx, id, funIds);
      if (values.icon_id) await attachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.app, fileIds: [values.icon_id] });
      return id;
    });
  }

  async updateApp(body: Record<string, unknown>): Promise<void> {
    const id = parseId(body.id);
    const { values, funIds } = await this.appValues(body);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.updateApp(trx, id, values))) throw notFound(MICRO_TEXT.appNotFound);
      await repo.setAppFunctions(trx, id, funIds);
      await detachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.app });
      if (values.icon_id) await attachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.app, fileIds: [values.icon_id] });
    });
  }

  async deleteApps(rawIds: unknown): Promise<void> {
    const ids = parseIds(rawIds, MICRO_TEXT.chooseToDelete);
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const id of ids) await detachFileRefs(trx, { formId: 0, recordId: id, subKey: ICON_REF.app });
      // Their places in templates and workbenches go with them (ON DELETE CASCADE).
      await repo.deleteApps(trx, ids);
    });
  }

  // ---- templates ----------------------------------------------------------------------------

  async listTemplates(f: repo.TemplateFilter) {
    const { rows, total } = await repo.listTemplates(this.ctx.db, f);
    return { datas: rows.map(shapeTemplate), count: total };
  }

  private templateValues(q: Record<string, unknown>): Omit<repo.TemplateRow, 'id'> {
    const nameErr = nameError(q.templateName, MICRO_TEXT.templateNameRequired, '模板名称');
    if (nameErr) throw badRequest(nameErr);
    return { template_name: String(q.templateName).trim(), apply_industry: text(q.applyIndustry, '适用行业', MICRO_LIMITS.name), explanation: text(q.explanation, '说明') };
  }

  async addTemplate(auth: AuthContext, q: Record<string, unknown>): Promise<string> {
    return repo.insertTemplate(this.ctx.db, this.templateValues(q), auth.userId);
  }

  async updateTemplate(q: Record<string, unknown>): Promise<void> {
    const id = parseId(q.id);
    if (!(await repo.updateTemplate(this.ctx.db, id, this.templateValues(q)))) throw notFound(MICRO_TEXT.templateNotFound);
  }

  async deleteTemplates(rawIds: unknown): Promise<void> {
    const ids = parseIds(rawIds, MICRO_TEXT.chooseTemplateToDelete);
    await repo.deleteTemplates(this.ctx.db, ids);
  }

  // ---- trees --------------------------------------------------------------------------------

  async tree(owner: repo.TreeOwner): Promise<WorkbenchNode[]> {
    if (owner.kind === 'template') {
      const found = await repo.existingIds(this.ctx.db, 'micro_template', [owner.templateId]);
      if (found.size === 0) throw notFound(MICRO_TEXT.templateNotFound);
    }
    const rows = await repo.treeRows(this.ctx.db, owner);
    const perms = owner.kind === 'workbench' ? await repo.permissionsOf(this.ctx.db, rows.map((r) => r.id)) : new Map();
    const nodes = new Map<string, WorkbenchNode>();
    const roots: WorkbenchNode[] = [];
    for (const r of rows) {
      const node: WorkbenchNode = {
        id: num(r.id),
        menuName: r.menu_name,
        level: r.level as 1 | 2 | 3,
        type: r.type as 1 | 2,
        sort: r.sort,
        permissions: perms.get(r.id) ?? [],
        children: [],
        ...(r.type === 2 ? { appId: num(r.app_id!), appType: r.app_type, appIconId: r.icon_id, quickApp: r.quick_app as 0 | 1 } : {}),
      };
      nodes.set(r.id, node);
      const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
      // Rows come by level, so a parent is always placed before its children.
      if (parent) parent.children!.push(node);
      else if (!r.parent_id) roots.push(node);
    }
    return roots;
  }

  /** Checks the whole tree (core's rules, then that every app exists) and replaces the owner's in one transaction. */
  async saveTree(owner: repo.TreeOwner, raw: unknown): Promise<void> {
    const error = workbenchTreeError(raw, { permissions: owner.kind === 'workbench' });
    if (error) throw badRequest(error);
    const tree = raw as WorkbenchNode[];
    const appIds = treeAppIds(tree);
    const found = await repo.existingIds(this.ctx.db, 'micro_app', appIds);
    if (found.size !== appIds.length) throw badRequest(MICRO_TEXT.appMissing);
    if (owner.kind === 'workbench') await this.checkSubjects(owner.companyId, tree);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (owner.kind === 'template') {
        if (!(await repo.lockTemplate(trx, owner.templateId))) throw notFound(MICRO_TEXT.templateNotFound);
      }
      await repo.replaceTree(trx, owner, tree);
    });
  }

  /** 可见范围 names organisations and people of the workbench's own tenant only. */
  private async checkSubjects(companyId: string | null, tree: readonly WorkbenchNode[]): Promise<void> {
    const orgIds = new Set<string>();
    const userIds = new Set<string>();
    const walk = (nodes: readonly WorkbenchNode[]) => {
      for (const n of nodes) {
        for (const p of n.permissions ?? []) (Number(p.type) === 0 ? orgIds : userIds).add(String(p.subId));
        if (n.children) walk(n.children);
      }
    };
    walk(tree);
    if (orgIds.size && (await repo.countInTenant(this.ctx.db, 'sys_org', companyId, [...orgIds])) !== orgIds.size) throw badRequest('可见范围中的部门不属于该租户');
    if (userIds.size && (await repo.countInTenant(this.ctx.db, 'sys_user', companyId, [...userIds])) !== userIds.size) throw badRequest('可见范围中的人员不属于该租户');
  }

  // ---- the caller's own workbench (workbench-contract.md) -----------------------------------

  async myWorkbench(auth: AuthContext, mobile: boolean): Promise<MyWorkbenchNode[]> {
    const companyId = isPark(auth) || auth.user.companyId == null ? null : String(auth.user.companyId);
    const tree = await this.tree({ kind: 'workbench', companyId });
    const orgs = new Set(await repo.orgsAndAncestors(this.ctx.db, auth.userId));
    const userId = String(auth.userId);
    const sees = (n: WorkbenchNode) =>
      !n.permissions?.length || n.permissions.some((p) => (Number(p.type) === 1 ? String(p.subId) === userId : orgs.has(String(p.subId))));
    const appIds = treeAppIds(tree);
    const [apps, fns] = await Promise.all([repo.appsByIds(this.ctx.db, appIds), repo.functionsOfApps(this.ctx.db, appIds, mobile ? [0, 2] : [0, 1, 2])]);
    const appById = new Map(apps.map((a) => [a.id, a]));
    const prune = (nodes: readonly WorkbenchNode[]): MyWorkbenchNode[] => {
      const out: MyWorkbenchNode[] = [];
      for (const n of nodes) {
        if (!sees(n)) continue;
        const base = { id: n.id!, menuName: n.menuName, level: n.level, type: n.type, sort: n.sort };
        if (Number(n.type) === 2) {
          const app = appById.get(String(n.appId));
          if (!app) continue;
          const functions: WorkbenchFunction[] = (fns.get(app.id) ?? []).map((f) => {
            const { id, funName, type, showType, menuUrl, component, formId } = shapeFunction(f);
            return { id, funName, type, showType, menuUrl, component, formId };
          });
          out.push({
            ...base,
            children: [],
            appId: num(app.id),
            appType: app.app_type,
            appIconId: app.icon_id,
            quickApp: n.quickApp ?? 0,
            app: { id: num(app.id), appName: app.app_name, introduce: app.introduce, iconName: app.icon_name, iconBgColor: app.icon_bg_color, tag: app.tag, functions },
          });
        } else {
          const children = prune(n.children ?? []);
          // A group with no app the caller may see is dropped.
          if (children.length > 0) out.push({ ...base, children });
        }
      }
      return out;
    };
    return prune(tree);
  }

  // ---- 选择部门与人员 ------------------------------------------------------------------------

  async orgStructure(companyId: string | null, rawOrgId: unknown): Promise<OrgStructureEntry[]> {
    const raw = rawOrgId === undefined || rawOrgId === null ? '' : String(rawOrgId).trim();
    const orgId = raw === '' || raw === '-1' ? null : parseId(raw);
    if (orgId && !(await repo.orgInTenant(this.ctx.db, orgId, companyId))) throw notFound('部门不存在');
    const { orgs, users } = await repo.orgLevel(this.ctx.db, companyId, orgId);
    return [...orgs.map((o) => ({ id: num(o.id), name: o.name, type: 0 as const })), ...users.map((u) => ({ id: num(u.id), name: u.name, type: 1 as const }))];
  }
}

declare module '../../context.ts' {
  interface AppContext {
    micro: MicroService;
  }
}
