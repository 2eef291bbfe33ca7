import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildSettingMeta, newAxisItem, WIDGET_DEFINITIONS, type AxisName, type DsColumn, type Json, type ReportWidget, type WidgetKind } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { installReportMenu } from '../../modules/apppackage/index.ts';

/*
 * 巡检看板 (issue 41): reports/dashboard.json holds its datasets (one per form of the package, by
 * the form's package code) and widgets in a short form; this writes them as 报表设计 would — the
 * datasets, the dashboard published to the roles, its menu. The package format does not carry
 * reports yet (another part kind is under way); the JSON is what it will carry.
 */

interface DatasetSpec {
  code: string;
  name: string;
  form: string;
  dim: Array<Omit<DsColumn, 'table' | 'alias' | 'express'>>;
  measure: Array<Omit<DsColumn, 'table' | 'alias' | 'express'>>;
}
interface ValueSpec {
  column: string;
  aggregate: string;
  alias: string;
}
interface WidgetSpec {
  kind: WidgetKind;
  dataset: string;
  at: [number, number, number, number];
  title: string;
  classAxis?: string[];
  valueAxis?: ValueSpec[];
  cols?: string[];
}
interface DashboardSpec {
  name: string;
  group: string;
  roles: string[];
  datasets: DatasetSpec[];
  widgets: WidgetSpec[];
}

export const DASHBOARD_FILE = path.join(import.meta.dirname, 'dashboard.spec.json');

/** The widgets of the spec, over the datasets' ids and their forms' tables. */
function widgetsOf(spec: DashboardSpec, datasetIds: Map<string, string>, columns: Map<string, DsColumn>): ReportWidget[] {
  const col = (id: string) => columns.get(id) ?? (() => { throw new Error(`巡检看板：字段 ${id} 不在数据集中`); })();
  return spec.widgets.map((w, i) => {
    const base = WIDGET_DEFINITIONS[w.kind].create({ id: i + 1, x: w.at[0], y: w.at[1] });
    const axis = (name: AxisName, ids: string[]) => ids.map((id) => newAxisItem(col(id), name));
    const data: Json = { ...(base.data ?? {}), dataset: datasetIds.get(w.dataset)! };
    if (w.classAxis) data.classAxis = axis('classAxis', w.classAxis);
    if (w.valueAxis) data.valueAxis = w.valueAxis.map((v) => ({ ...newAxisItem(col(v.column), 'valueAxis'), aggregate: v.aggregate, alias: v.alias }));
    if (w.cols) data.cols = axis('cols', w.cols);
    return { ...base, sizex: w.at[2], sizey: w.at[3], data, style: { ...base.style, mainTitle: w.title } };
  });
}

/** The datasets, the dashboard and its menu; `forms` maps the package's form codes to this installation's ids. */
export async function seedInspectionDashboard(trx: Kysely<Database>, forms: ReadonlyMap<string, string>, adminId: string): Promise<string | null> {
  const spec = JSON.parse(await fs.readFile(DASHBOARD_FILE, 'utf8')) as DashboardSpec;
  const source = await trx.selectFrom('report_datasource').select('id').where('built_in', '=', true).executeTakeFirst();
  if (!source) return null;
  const datasetIds = new Map<string, string>();
  const columns = new Map<string, DsColumn>();
  for (const d of spec.datasets) {
    const formId = forms.get(d.form)!;
    const full = (c: DatasetSpec['dim'][number]): DsColumn => ({ ...c, table: `form_${formId}`, alias: '', express: '' });
    const dim = d.dim.map(full);
    const measure = d.measure.map(full);
    for (const c of [...dim, ...measure]) columns.set(c.id, c);
    const row = await trx
      .insertInto('report_dataset')
      .values({ name: d.name, datasource_id: source.id, form_id: formId, ds_meta: JSON.stringify({ dim, measure }), create_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    datasetIds.set(d.code, String(row.id));
  }
  const group = await trx.insertInto('report_group').values({ name: spec.group, order_index: 0 }).onConflict((oc) => oc.column('name').doNothing()).returning('id').executeTakeFirst();
  const report = await trx
    .insertInto('report_def')
    .values({ report_name: spec.name, kind: 'dashboard', group_id: group?.id ?? null, setting_meta: JSON.stringify(buildSettingMeta(widgetsOf(spec, datasetIds, columns))), create_by: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = await trx.selectFrom('sys_role').select('id').where('company_id', 'is', null).where('role_code', 'in', spec.roles).execute();
  for (const r of roles) await trx.insertInto('report_permission').values({ report_id: report.id, role_id: r.id }).execute();
  // Beside the application's forms, under the group its menus were installed in (a package's report menu).
  await installReportMenu(trx, String(report.id), { group: spec.group, name: spec.name, roles: spec.roles });
  return String(report.id);
}
