import type { Kysely } from 'kysely';
import {
  definitionOf,
  flattenControls,
  isSubTable,
  storageColumns,
  subTablesOf,
  type Column,
  type FormControl,
  type FormMeta,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthEvents } from '../auth/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import type { QueryColumn } from './queryCompiler.ts';
import { formTable, subTable } from './tableNames.ts';
import { loadDesign } from './savedDesign.ts';

/** One physical table of a form: the main table or one sub-table. */
export interface TableModel {
  table: string;
  subKey: string | null;
  name: string;
  /** Controls stored in this table (grids opened, sub-tables and layout left out). */
  controls: FormControl[];
  /** The source the visibility rules walk: the form meta, or the sub-table's column list. */
  source: FormMeta | FormControl[];
  dataColumns: Column[];
  /** Everything a condition or a sort may name: data columns and system columns. */
  queryColumns: Map<string, QueryColumn>;
}

export interface FormModel {
  formId: string;
  formName: string;
  status: number;
  designVersion: number;
  meta: FormMeta;
  main: TableModel;
  subs: Map<string, TableModel>;
}

const SYSTEM_QUERY_COLUMNS: Array<[string, QueryColumn]> = [
  ['id', { kind: 'number', sql: 'bigint' }],
  ['create_by', { kind: 'number', sql: 'bigint' }],
  ['update_by', { kind: 'number', sql: 'bigint' }],
  ['create_time', { kind: 'date', sql: 'timestamptz' }],
  ['update_time', { kind: 'date', sql: 'timestamptz' }],
  ['company_id', { kind: 'number', sql: 'bigint' }],
  ['org_id', { kind: 'number', sql: 'bigint' }],
  ['version', { kind: 'number', sql: 'numeric' }],
];


function tableModel(table: string, subKey: string | null, name: string, source: FormMeta | FormControl[], columns: Column[]): TableModel {
  const controls = flattenControls(source).filter((c) => !isSubTable(c) && (definitionOf(c)?.columns(c).length ?? 0) > 0);
  const queryColumns = new Map<string, QueryColumn>(SYSTEM_QUERY_COLUMNS);
  if (subKey) queryColumns.set('parent_id', { kind: 'number', sql: 'bigint' });
  for (const control of controls) {
    const definition = definitionOf(control);
    // How conditions treat each column (spec 001 §3.6) is the control definition's own.
    for (const column of definition?.columns(control) ?? []) {
      if (!queryColumns.has(column.name)) queryColumns.set(column.name, definition!.queryKind(control, column));
    }
  }
  return { table, subKey, name, controls, source, dataColumns: columns, queryColumns };
}

/**
 * A design frozen all the way down: core then keeps what it derives from it (the walk, the value
 * controls, constant visibility) instead of walking the design again for every record.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Freezes `meta`: a model's design never changes; a new design gets a new model. */
export function buildFormModel(formId: string, formName: string, status: number, designVersion: number, meta: FormMeta): FormModel {
  deepFreeze(meta);
  const layout = storageColumns(meta);
  const main = tableModel(formTable(formId), null, formName, meta, layout.main);
  const subs = new Map<string, TableModel>();
  const subControls = new Map(subTablesOf(meta).map((c) => [String(c.model ?? ''), c]));
  for (const s of layout.subTables) {
    const control = subControls.get(s.subKey);
    const children = Array.isArray(control?.tableColumns) ? (control!.tableColumns as FormControl[]) : [];
    subs.set(s.subKey, tableModel(subTable(formId, s.subKey), s.subKey, s.name, children, s.columns));
  }
  return { formId, formName, status, designVersion, meta, main, subs };
}

/**
 * Parsed models of saved designs. A record call must not pay a query for the design, so models are
 * kept until a design, name or status change is announced with NOTIFY (every instance hears it);
 * the saving instance also drops its copy at once, since its own NOTIFY arrives a moment later.
 */
export class FormModelCache {
  private readonly models = new Map<string, FormModel>();
  /** Per form, per tenant: the model its users run (the tenant's copy, or the park's design). */
  private readonly tenantModels = new Map<string, Map<string, FormModel>>();

  constructor(events: AuthEvents) {
    events.on((e) => {
      if (e.kind === 'form') this.forget(e.id);
      else if (e.kind === 'user' && e.id === '*') {
        // the listener reconnected
        this.models.clear();
        this.tenantModels.clear();
      }
    });
  }

  forget(formId: string): void {
    this.models.delete(formId);
    this.tenantModels.delete(formId);
  }

  /**
   * The design a caller of `tenantId` runs (ADR 0037): null (the park) runs the park's design; a
   * tenant runs its copy of a form handed down to it (form_tenant), or the design of its own form
   * or of a park form handed down to no tenant (the park's collection forms companies fill in).
   * A park form handed to other tenants only, or another tenant's own form, is 404 表单不存在.
   */
  async loadFor(db: Kysely<Database>, formId: string, tenantId: string | null): Promise<FormModel> {
    if (tenantId === null) return this.load(db, formId);
    const hit = this.tenantModels.get(formId)?.get(tenantId);
    if (hit) return hit;
    const park = await this.load(db, formId);
    const model = await tenantModel(db, park, tenantId);
    let perTenant = this.tenantModels.get(formId);
    if (!perTenant) this.tenantModels.set(formId, (perTenant = new Map()));
    perTenant.set(tenantId, model);
    return model;
  }

  async load(db: Kysely<Database>, formId: string): Promise<FormModel> {
    const hit = this.models.get(formId);
    if (hit) return hit;
    const d = await loadDesign(db, formId);
    const model = buildFormModel(formId, d.formName, d.status, d.designVersion, d.meta);
    this.models.set(formId, model);
    return model;
  }
}

/** FormModelCache.loadFor without a cache, for a job thread that reads a design once per job. */
export async function loadModelFor(db: Kysely<Database>, formId: string, tenantId: string | null): Promise<FormModel> {
  const d = await loadDesign(db, formId);
  const park = buildFormModel(formId, d.formName, d.status, d.designVersion, d.meta);
  return tenantId === null ? park : tenantModel(db, park, tenantId);
}

/** See FormModelCache.loadFor. */
async function tenantModel(db: Kysely<Database>, park: FormModel, tenantId: string): Promise<FormModel> {
  const form = await db
    .selectFrom('form_conf')
    .select((eb) => [
      'form_conf.company_id',
      eb.selectFrom('form_tenant').select(['form_tenant.form_meta']).whereRef('form_tenant.form_id', '=', 'form_conf.id').where('form_tenant.company_id', '=', tenantId).as('copy_meta'),
      eb.selectFrom('form_tenant').select(['form_tenant.design_version']).whereRef('form_tenant.form_id', '=', 'form_conf.id').where('form_tenant.company_id', '=', tenantId).as('copy_version'),
      eb.exists(eb.selectFrom('form_tenant').select('form_tenant.form_id').whereRef('form_tenant.form_id', '=', 'form_conf.id')).as('handed_down'),
    ])
    .where('form_conf.id', '=', park.formId)
    .executeTakeFirst();
  if (!form) throw notFound('表单不存在');
  if (form.copy_meta !== null && form.copy_meta !== undefined) {
    return buildFormModel(park.formId, park.formName, park.status, Number(form.copy_version), form.copy_meta as FormMeta);
  }
  const own = form.company_id === tenantId;
  const openToAll = form.company_id === null && !form.handed_down;
  if (own || openToAll) return park;
  throw notFound('表单不存在');
}

/** The design the caller runs (FormModelCache.loadFor with the caller's tenant). */
export function modelForCaller(ctx: { db: Kysely<Database>; forms: Pick<FormModelCache, 'loadFor'> }, auth: AuthContext, formId: string): Promise<FormModel> {
  return ctx.forms.loadFor(ctx.db, formId, companyScopeOf(auth));
}

/** Announces a change to a form's definition, inside the changing transaction. */
export async function announceFormChange(trx: Kysely<Database>, events: AuthEvents, cache: FormModelCache, formId: string) {
  await events.publish(trx, { kind: 'form', id: formId });
  cache.forget(formId);
}

export function subModel(model: FormModel, subKey: string): TableModel {
  const sub = model.subs.get(subKey);
  if (!sub) throw notFound(`子表 ${subKey.slice(0, 64)} 不存在`);
  return sub;
}

/** The FormModelCache is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    /** Parsed form designs, dropped when a change is announced. */
    forms: FormModelCache;
  }
}
