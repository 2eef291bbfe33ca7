import { sql, type Kysely } from 'kysely';
import { FORM_ACTION_LABELS, FORM_ACTIONS, formPermission, parseFormMeta, type FlowNode, type FormMeta, type PackagedDictionary } from '@park/core';
import type { AppPackagePartTable, Database } from '../../db/schema.ts';

export type PartKindName = AppPackagePartTable['kind'];

/*
 * What application packages read and write (issue 41): installed packages and their parts, the
 * park's forms, dictionaries and list menus. Park only (company null) in this part.
 */

export interface InstalledRow {
  id: string;
  code: string;
  name: string;
  version: string;
  description: string;
  install_time: Date;
  update_time: Date;
  company_id: string | null;
}

export function listInstalled(db: Kysely<Database>): Promise<Array<InstalledRow & { company_name: string | null }>> {
  return db
    .selectFrom('app_package as a')
    .leftJoin('sys_company as c', 'c.id', 'a.company_id')
    .select(['a.id', 'a.code', 'a.name', 'a.version', 'a.description', 'a.install_time', 'a.update_time', 'a.company_id', 'c.company_name'])
    .orderBy('a.code')
    .orderBy(sql`a.company_id is not null`)
    .orderBy('c.company_name')
    .execute();
}

/** Tenants a package may be installed into: enabled or not (the install refuses a disabled one by name). */
export async function listTenantChoices(db: Kysely<Database>) {
  const rows = await db.selectFrom('sys_company').select(['id', 'company_name']).where('status', '=', '1').where('tenant_status', 'is not', null).orderBy('company_name').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.company_name }));
}

export async function tenantNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('sys_company').select(['id', 'company_name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [String(r.id), r.company_name]));
}

/** Where the application now runs in a tenant (its version there). */
export async function saveTenantInstall(
  trx: Kysely<Database>,
  tenantId: string,
  app: { code: string; name: string; version: string; description: string; manifest: string; userId: string },
): Promise<void> {
  const had = await trx.selectFrom('app_package').select('id').where('code', '=', app.code).where('company_id', '=', tenantId).executeTakeFirst();
  if (had) {
    await trx.updateTable('app_package').set({ name: app.name, version: app.version, description: app.description, manifest: app.manifest, update_time: new Date() }).where('id', '=', had.id).execute();
  } else {
    await trx.insertInto('app_package').values({ code: app.code, name: app.name, version: app.version, description: app.description, manifest: app.manifest, company_id: tenantId, installed_by: app.userId }).execute();
  }
}

/** The park's installed application by code, locked for an upgrade when asked. */
export function findParkApp(db: Kysely<Database>, code: string, forUpdate = false) {
  return db
    .selectFrom('app_package')
    .select(['id', 'code', 'name', 'version'])
    .where('code', '=', code)
    .where('company_id', 'is', null)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function partsOf(db: Kysely<Database>, packageId: string) {
  return db.selectFrom('app_package_part').select(['kind', 'code', 'local_id']).where('package_id', '=', packageId).execute();
}

/** The form's code in any installed application (a re-export keeps its code, so upgrades match). */
export async function formCodes(db: Kysely<Database>, formIds: readonly string[]): Promise<Map<string, string>> {
  if (formIds.length === 0) return new Map();
  const rows = await db.selectFrom('app_package_part').select(['code', 'local_id']).where('kind', '=', 'form').where('local_id', 'in', formIds).execute();
  return new Map(rows.map((r) => [String(r.local_id), r.code]));
}

export interface StoredForm {
  id: string;
  formName: string;
  meta: FormMeta | null;
  /** Its group in 表单管理, null: 未分组. */
  groupName: string | null;
}

export async function formsById(db: Kysely<Database>, ids: readonly string[]): Promise<StoredForm[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('form_conf')
    .leftJoin('form_group', 'form_group.id', 'form_conf.group_id')
    .select(['form_conf.id', 'form_conf.form_name', 'form_conf.form_meta', 'form_group.group_name'])
    .where('form_conf.id', 'in', ids)
    .where('form_conf.company_id', 'is', null)
    .execute();
  return rows.map((r) => {
    const parsed = r.form_meta === null ? null : parseFormMeta(r.form_meta);
    return { id: String(r.id), formName: r.form_name, meta: parsed?.ok ? parsed.meta : null, groupName: r.group_name };
  });
}

/** Names of the park's forms, except the given ids. */
export async function formNamesExcept(db: Kysely<Database>, exceptIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('form_conf')
    .select('form_name')
    .where('company_id', 'is', null)
    .$if(exceptIds.length > 0, (q) => q.where('id', 'not in', exceptIds))
    .execute();
  return new Set(rows.map((r) => r.form_name));
}

export async function parkDictionaryCodes(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_dic_type').select('type_code').where('company_id', 'is', null).execute();
  return new Set(rows.map((r) => r.type_code));
}

export async function parkDictionaries(db: Kysely<Database>, codes: readonly string[]): Promise<PackagedDictionary[]> {
  if (codes.length === 0) return [];
  const types = await db.selectFrom('sys_dic_type').selectAll().where('company_id', 'is', null).where('type_code', 'in', codes).orderBy('type_code').execute();
  const out: PackagedDictionary[] = [];
  for (const t of types) {
    const entries = await db.selectFrom('sys_dic_catalog').selectAll().where('type_id', '=', t.id).orderBy('order_index').orderBy('id').execute();
    const codeOf = new Map(entries.map((e) => [e.id, e.code]));
    out.push({
      typeCode: t.type_code,
      typeName: t.type_name,
      entries: entries.map((e) => ({ code: e.code, name: e.name, parent: e.parent_id === null ? null : (codeOf.get(e.parent_id) ?? null), order: e.order_index })),
    });
  }
  return out;
}

/** A form's list menu in the park: its group's name, its own name and the role codes granted it. */
export async function formMenu(db: Kysely<Database>, formId: string): Promise<{ group: string; name: string; roles: string[] } | null> {
  const menu = await db
    .selectFrom('sys_menu as m')
    .leftJoin('sys_menu as g', 'g.id', 'm.parent_id')
    .select(['m.id', 'm.name', 'g.name as group'])
    .where('m.company_id', 'is', null)
    .where('m.menu_type', '=', 'menu')
    .where('m.path', '=', `/form/list/${formId}`)
    .orderBy('m.id')
    .executeTakeFirst();
  if (!menu) return null;
  const roles = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_role as r', 'r.id', 'rm.role_id')
    .select('r.role_code')
    .where('rm.menu_id', '=', menu.id)
    .where('r.company_id', 'is', null)
    .orderBy('r.role_code')
    .execute();
  return { group: menu.group ?? '业务表单', name: menu.name, roles: roles.map((r) => r.role_code).filter((c): c is string => typeof c === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(c)) };
}

/** A park dictionary from the package, or the entries it lacks added to the one it has. Its id. */
export async function installDictionary(trx: Kysely<Database>, dict: PackagedDictionary): Promise<string> {
  const have = await trx.selectFrom('sys_dic_type').select('id').where('company_id', 'is', null).where('type_code', '=', dict.typeCode).executeTakeFirst();
  const typeId =
    have?.id ??
    (await trx.insertInto('sys_dic_type').values({ type_code: dict.typeCode, type_name: dict.typeName, remark: null }).returning('id').executeTakeFirstOrThrow()).id;
  const existing = await trx.selectFrom('sys_dic_catalog').select(['id', 'code']).where('type_id', '=', typeId).execute();
  const idOf = new Map(existing.map((e) => [e.code, e.id]));
  // Parents before children: the package reader refused entries whose parent is absent.
  let pending = dict.entries.filter((e) => !idOf.has(e.code));
  while (pending.length > 0) {
    const next = pending.filter((e) => e.parent !== null && !idOf.has(e.parent));
    for (const e of pending) {
      if (e.parent !== null && !idOf.has(e.parent)) continue;
      const made = await trx
        .insertInto('sys_dic_catalog')
        .values({ type_id: typeId, parent_id: e.parent === null ? null : idOf.get(e.parent)!, code: e.code, name: e.name, order_index: e.order })
        .returning('id')
        .executeTakeFirstOrThrow();
      idOf.set(e.code, made.id);
    }
    if (next.length === pending.length) break;
    pending = next;
  }
  return String(typeId);
}

/**
 * The form's list menu under the named group (made when the park has none), with its buttons,
 * granted to the park's roles of the given codes; an existing menu is kept. The roles not found.
 */
export async function installFormMenu(trx: Kysely<Database>, formId: string, menu: { group: string; name: string; roles: string[] }): Promise<{ menuId: string; missingRoles: string[] }> {
  const path = `/form/list/${formId}`;
  const had = await trx.selectFrom('sys_menu').select('id').where('company_id', 'is', null).where('menu_type', '=', 'menu').where('path', '=', path).executeTakeFirst();
  let menuId = had?.id ?? null;
  if (!menuId) {
    let group = await trx
      .selectFrom('sys_menu')
      .select('id')
      .where('company_id', 'is', null)
      .where('parent_id', 'is', null)
      .where('menu_type', '=', 'menu')
      .where('name', '=', menu.group)
      .orderBy('id')
      .executeTakeFirst();
    if (!group) {
      const order = await trx.selectFrom('sys_menu').select(sql<number>`coalesce(max(order_index), 0) + 1`.as('n')).where('parent_id', 'is', null).executeTakeFirstOrThrow();
      group = await trx
        .insertInto('sys_menu')
        .values({ parent_id: null, name: menu.group, path: `/app/${formId}`, component: null, level: 1, order_index: order.n })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const made = await trx
      .insertInto('sys_menu')
      .values({ parent_id: group.id, name: menu.name, path, component: 'FormCustom', level: 2, perms: formPermission(formId, 'view') })
      .returning('id')
      .executeTakeFirstOrThrow();
    menuId = made.id;
    for (const [i, action] of FORM_ACTIONS.filter((a) => a !== 'view').entries()) {
      await trx
        .insertInto('sys_menu')
        .values({ parent_id: menuId, name: FORM_ACTION_LABELS[action], path: '', level: 3, order_index: i, menu_type: 'button', perms: formPermission(formId, action) })
        .execute();
    }
  }
  const roles = menu.roles.length === 0 ? [] : await trx.selectFrom('sys_role').select(['id', 'role_code']).where('company_id', 'is', null).where('role_code', 'in', menu.roles).execute();
  const menuIds = [menuId, ...(await trx.selectFrom('sys_menu').select('id').where('parent_id', '=', menuId).execute()).map((m) => m.id)];
  const parent = await trx.selectFrom('sys_menu').select('parent_id').where('id', '=', menuId).executeTakeFirstOrThrow();
  if (parent.parent_id) menuIds.push(parent.parent_id);
  for (const role of roles) {
    for (const id of menuIds) await trx.insertInto('sys_role_menu').values({ role_id: role.id, menu_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
  const found = new Set(roles.map((r) => r.role_code));
  return { menuId: String(menuId), missingRoles: menu.roles.filter((c) => !found.has(c)) };
}

export async function saveInstalled(
  trx: Kysely<Database>,
  app: { id: string | null; code: string; name: string; version: string; description: string; manifest: string; userId: string },
  parts: Array<{ kind: PartKindName; code: string; localId: string }>,
): Promise<string> {
  const id = app.id
    ? (
        await trx
          .updateTable('app_package')
          .set({ name: app.name, version: app.version, description: app.description, manifest: app.manifest, update_time: new Date() })
          .where('id', '=', app.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : (
        await trx
          .insertInto('app_package')
          .values({ code: app.code, name: app.name, version: app.version, description: app.description, manifest: app.manifest, company_id: null, installed_by: app.userId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  for (const p of parts) {
    await trx
      .insertInto('app_package_part')
      .values({ package_id: id, kind: p.kind, code: p.code, local_id: p.localId })
      .onConflict((oc) => oc.columns(['package_id', 'kind', 'code']).doUpdateSet({ local_id: p.localId }))
      .execute();
  }
  return String(id);
}

/** Forgets part rows an upgrade no longer ships (their parts removed by their kind). */
export async function dropPartRows(trx: Kysely<Database>, packageId: string, kind: PartKindName, codes: readonly string[]): Promise<void> {
  if (codes.length > 0) await trx.deleteFrom('app_package_part').where('package_id', '=', packageId).where('kind', '=', kind).where('code', 'in', codes).execute();
}

/** Serialises installs of one application code (two imports of it at once would both insert). */
export async function lockAppCode(trx: Kysely<Database>, code: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`app_package:${code}`}))`.execute(trx);
}

/** What 新建应用 may choose from: the park's designed forms and its dictionaries. */
export async function choosableParts(db: Kysely<Database>) {
  const forms = await db
    .selectFrom('form_conf')
    .select(['id', 'form_name'])
    .where('company_id', 'is', null)
    .where('form_meta', 'is not', null)
    .orderBy('form_name')
    .execute();
  const dictionaries = await db.selectFrom('sys_dic_type').select(['type_code', 'type_name']).where('company_id', 'is', null).orderBy('type_code').execute();
  const microApps = await db.selectFrom('micro_app').select(['id', 'app_name']).orderBy('app_name').execute();
  return {
    forms: forms.map((f) => ({ id: Number(f.id), name: f.form_name })),
    dictionaries: dictionaries.map((d) => ({ code: d.type_code, name: d.type_name })),
    microApps: microApps.map((m) => ({ id: Number(m.id), name: m.app_name })),
  };
}

export async function deleteInstalled(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('app_package').where('id', '=', id).execute();
}

export async function installedInTenants(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db.selectFrom('app_package').select('id').where('code', '=', code).where('company_id', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** The park's roles: id → code and code → id (flows name roles by code in a package). */
export async function parkRoles(db: Kysely<Database>): Promise<{ codeOf: Map<string, string>; idOf: Map<string, string> }> {
  const rows = await db.selectFrom('sys_role').select(['id', 'role_code']).where('company_id', 'is', null).execute();
  const codeOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  for (const r of rows) {
    if (typeof r.role_code !== 'string' || r.role_code === '') continue;
    codeOf.set(String(r.id), r.role_code);
    idOf.set(r.role_code, String(r.id));
  }
  return { codeOf, idOf };
}

/** The deployed (active) approval flow of each form that has one, by form id. */
export async function activeFlows(db: Kysely<Database>, formIds: readonly string[]): Promise<Map<string, { modelName: string; tree: FlowNode }>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('flow_model as m')
    .innerJoin('flow_definition as d', 'd.id', 'm.definition_id')
    .select(['m.form_id', 'm.model_name', 'd.node_config'])
    .where('m.form_id', 'in', [...formIds])
    .execute();
  return new Map(rows.map((r) => [String(r.form_id), { modelName: r.model_name, tree: r.node_config as FlowNode }]));
}

/**
 * The form's approval design set to `tree` (made when the form has none) and, when `deploy`, a new
 * flow_definition version made the active one, as 部署 does: running instances keep the version
 * they started on. The flow_model's id.
 */
export async function installFlow(trx: Kysely<Database>, formId: string, flow: { modelName: string; tree: FlowNode; deploy: boolean }, userId: string): Promise<string> {
  const config = JSON.stringify(flow.tree);
  const model = await trx
    .insertInto('flow_model')
    .values({ form_id: formId, model_name: flow.modelName, node_config: config, update_by: userId })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ model_name: flow.modelName, node_config: config, update_by: userId, update_time: new Date() }))
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  if (flow.deploy) {
    const version = model.version + 1;
    const def = await trx
      .insertInto('flow_definition')
      .values({ model_id: model.id, form_id: formId, version, node_config: config, create_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('flow_model').set({ version, definition_id: String(def.id) }).where('id', '=', model.id).execute();
  }
  return String(model.id);
}

/** A user's real name (the installer named as a reminder's default recipient). */
export async function userName(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('sys_user').select('real_name').where('id', '=', id).executeTakeFirst();
  return row?.real_name ?? null;
}

/** The code each local id was installed under, for a part kind (a re-export keeps its code, so upgrades match). */
export async function partCodes(db: Kysely<Database>, kind: PartKindName, localIds: readonly string[]): Promise<Map<string, string>> {
  if (localIds.length === 0) return new Map();
  const rows = await db.selectFrom('app_package_part').select(['code', 'local_id']).where('kind', '=', kind).where('local_id', 'in', [...localIds]).execute();
  return new Map(rows.map((r) => [String(r.local_id), r.code]));
}

/** Platform datasets over any of `formIds` (or with the given ids): what export and the preview read. */
export async function datasetsOfForms(db: Kysely<Database>, formIds: readonly string[], ids: readonly string[] = []) {
  if (formIds.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('report_dataset as d')
    .innerJoin('report_datasource as s', 's.id', 'd.datasource_id')
    .select(['d.id', 'd.name', 'd.ds_meta', 'd.form_id'])
    .where('s.built_in', '=', true)
    .$if(formIds.length > 0, (q) => q.where('d.form_id', 'in', [...formIds]))
    .$if(ids.length > 0, (q) => q.where('d.id', 'in', [...ids]))
    .orderBy('d.id')
    .execute();
}

/** Reports and dashboards, with their published menu (发布: /report/view/<id>) and the role codes granted to read them. */
export async function reportsForExport(db: Kysely<Database>, ids?: readonly string[]) {
  const rows = await db
    .selectFrom('report_def')
    .select(['id', 'report_name', 'kind', 'setting_meta'])
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!.length > 0 ? [...ids!] : ['0']))
    .orderBy('id')
    .execute();
  return rows;
}

export async function reportRoleCodes(db: Kysely<Database>, reportId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('report_permission as p')
    .innerJoin('sys_role as r', 'r.id', 'p.role_id')
    .select('r.role_code')
    .where('p.report_id', '=', reportId)
    .where('r.company_id', 'is', null)
    .orderBy('r.role_code')
    .execute();
  return rows.map((r) => r.role_code).filter((c): c is string => typeof c === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(c));
}

/** A menu at `path` in the park: its group's name, its name and the role codes granted it. */
export async function menuAt(db: Kysely<Database>, path: string): Promise<{ group: string; name: string; roles: string[] } | null> {
  const menu = await db
    .selectFrom('sys_menu as m')
    .leftJoin('sys_menu as g', 'g.id', 'm.parent_id')
    .select(['m.id', 'm.name', 'g.name as group'])
    .where('m.company_id', 'is', null)
    .where('m.path', '=', path)
    .orderBy('m.id')
    .executeTakeFirst();
  if (!menu) return null;
  const roles = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_role as r', 'r.id', 'rm.role_id')
    .select('r.role_code')
    .where('rm.menu_id', '=', menu.id)
    .where('r.company_id', 'is', null)
    .orderBy('r.role_code')
    .execute();
  return { group: menu.group ?? '报表', name: menu.name, roles: roles.map((r) => r.role_code).filter((c): c is string => typeof c === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(c)) };
}

/** A report's menu under the named group (made when the park has none), granted to the roles of the given codes; the codes not found. */
export async function installReportMenu(trx: Kysely<Database>, reportId: string, menu: { group: string; name: string; roles: string[] }): Promise<{ menuId: string; missingRoles: string[] }> {
  const path = `/report/view/${reportId}`;
  const had = await trx.selectFrom('sys_menu').select('id').where('company_id', 'is', null).where('path', '=', path).executeTakeFirst();
  let menuId = had?.id ?? null;
  let groupId: string | null = null;
  if (!menuId) {
    let group = await trx.selectFrom('sys_menu').select('id').where('company_id', 'is', null).where('parent_id', 'is', null).where('menu_type', '=', 'menu').where('name', '=', menu.group).orderBy('id').executeTakeFirst();
    if (!group) {
      const order = await trx.selectFrom('sys_menu').select(sql<number>`coalesce(max(order_index), 0) + 1`.as('n')).where('parent_id', 'is', null).executeTakeFirstOrThrow();
      group = await trx.insertInto('sys_menu').values({ parent_id: null, name: menu.group, path: `/app/report${reportId}`, component: null, level: 1, order_index: order.n }).returning('id').executeTakeFirstOrThrow();
    }
    groupId = group.id;
    menuId = (await trx.insertInto('sys_menu').values({ parent_id: group.id, name: menu.name, path, component: 'ReportCustom', level: 2, perms: null }).returning('id').executeTakeFirstOrThrow()).id;
  } else {
    groupId = (await trx.selectFrom('sys_menu').select('parent_id').where('id', '=', menuId).executeTakeFirstOrThrow()).parent_id;
  }
  const roles = menu.roles.length === 0 ? [] : await trx.selectFrom('sys_role').select(['id', 'role_code']).where('company_id', 'is', null).where('role_code', 'in', menu.roles).execute();
  for (const role of roles) {
    for (const id of [menuId, groupId].filter((x): x is string => x !== null)) await trx.insertInto('sys_role_menu').values({ role_id: role.id, menu_id: id }).onConflict((oc) => oc.doNothing()).execute();
  }
  const found = new Set(roles.map((r) => r.role_code));
  return { menuId: String(menuId), missingRoles: menu.roles.filter((c) => !found.has(c)) };
}
