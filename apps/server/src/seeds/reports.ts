/*
 * 报表管理 and the demo park dashboard (issue 22). The menu 报表管理 goes under 报表设计 (report:design);
 * the dashboard reads the demo 危化品车辆入园登记 form through a dataset of its own and is published
 * to the park administrator as 危化品车辆大屏 (menu component ReportCustom).
 */
import type { Transaction } from 'kysely';
import {
  buildSettingMeta,
  HAZMAT_VEHICLE_FORM_NAME,
  newAxisItem,
  WIDGET_DEFINITIONS,
  type DsColumn,
  type Json,
  type ReportWidget,
  type WidgetKind,
} from '@park/core';
import type { Database } from '../db/schema.ts';

export const DEMO_DATASET_NAME = '危化品车辆统计';
export const DEMO_DASHBOARD_NAME = '危化品车辆大屏';

export async function insertMenu(trx: Transaction<Database>, parentPath: string | null, m: { name: string; path: string; component: string; icon: string; perms: string | null; roles: string[] }) {
  const parent = parentPath ? await trx.selectFrom('sys_menu').select(['id', 'level']).where('path', '=', parentPath).where('parent_id', 'is', null).executeTakeFirst() : undefined;
  const siblings = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_index').as('m'))
    .where('parent_id', parent ? '=' : 'is', parent ? parent.id : null)
    .executeTakeFirst();
  const row = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: parent?.id ?? null,
      name: m.name,
      path: m.path,
      component: m.component,
      icon_name: m.icon,
      level: parent ? parent.level + 1 : 1,
      order_index: siblings?.m == null ? 0 : Number(siblings.m) + 1,
      perms: m.perms,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (m.roles.length === 0) return row.id;
  const roles = await trx.selectFrom('sys_role').select('id').where('role_code', 'in', m.roles).execute();
  const grant = [row.id, ...(parent ? [parent.id] : [])];
  for (const r of roles) {
    for (const menuId of grant) await trx.insertInto('sys_role_menu').values({ role_id: r.id, menu_id: menuId }).onConflict((oc) => oc.doNothing()).execute();
  }
  return row.id;
}

/** 报表管理 under 报表设计: groups and the reports' lifecycle, the way into the designer. */
export async function seedReportManageMenu(trx: Transaction<Database>): Promise<void> {
  await insertMenu(trx, '/report', { name: '报表管理', path: '/report/manage', component: 'ReportManage', icon: 'baobiao', perms: 'report:design', roles: [] });
}

const cols = (table: string) => {
  const c = (id: string, column: string, desc: string, dataType: DsColumn['dataType']): DsColumn => ({ id, table, column, desc, dataType, alias: '', express: '' });
  return {
    id: c('d_id', 'id', '记录ID', 'Number'),
    plate: c('d_plate', 'plate_no', '车牌号码', 'String'),
    type: c('d_type', 'vehicle_type', '车辆类型', 'String'),
    hazard: c('d_hazard', 'hazard_types', '危险类别', 'String'),
    province: c('d_province', 'province', '省份', 'String'),
    city: c('d_city', 'city', '城市', 'String'),
    area: c('d_area', 'area', '区县', 'String'),
    day: c('d_day', 'entry_date', '入园日期', 'Date'),
    rated: c('m_rated', 'rated_load', '核定载重(吨)', 'Number'),
    actual: c('m_actual', 'actual_load', '实际装载(吨)', 'Number'),
  };
};

/** The demo dashboard's widgets: a query bar, indicators, a pie and a drillable column chart that filter a table of vehicles. */
export function demoDashboardWidgets(dataset: string, table: string, formId: string): ReportWidget[] {
  const k = cols(table);
  let id = 0;
  const make = (kind: WidgetKind, x: number, y: number, sizex: number, sizey: number, data: Json, style: Json = {}, extra: Json = {}): ReportWidget => {
    const w = WIDGET_DEFINITIONS[kind].create({ id: ++id, x, y });
    return { ...w, ...extra, sizex, sizey, data: { ...(w.data ?? {}), dataset, ...data }, style: { ...w.style, ...style } };
  };
  const plate = { ...newAxisItem(k.plate, 'cols'), isJump: true, jumpInfo: { target: 'record', type: '0', urlType: '1', formId, url: `/closed-park-web/form/detail/${formId}/{id}`, params: [{ model: 'id', paramName: 'id', type: 0 }] } };
  const query = make('query', 1, 1, 76, 8, {}, { mainTitleVisiable: false });
  query.conditions = [
    { key: 'q_type', id: k.type.id, table, column: 'vehicle_type', dataType: 'String', label: '车辆类型', opt: '$eq', type: 'select', style: { widthScale: 1 } },
    { key: 'q_day', id: k.day.id, table, column: 'entry_date', dataType: 'Date', label: '入园日期', opt: '$in', type: 'date', style: { widthScale: 1 } },
  ];
  query.num = 2;
  return [
    query,
    make('kanban', 1, 9, 76, 9, { valueAxis: [{ ...newAxisItem(k.id, 'valueAxis'), aggregate: 'count', alias: '入园车次' }, { ...newAxisItem(k.actual, 'valueAxis'), alias: '实际装载合计(吨)' }] }, { mainTitle: '入园概况' }),
    make('pie', 1, 18, 38, 22, { classAxis: [newAxisItem(k.type, 'classAxis')], valueAxis: [{ ...newAxisItem(k.id, 'valueAxis'), aggregate: 'count', alias: '车次' }] }, { mainTitle: '车辆类型分布', shapeType: 'donut', legendAlign: 'bottom' }),
    make(
      'column',
      39,
      18,
      38,
      22,
      { drillingAxis: [newAxisItem(k.province, 'drillingAxis'), newAxisItem(k.city, 'drillingAxis'), newAxisItem(k.area, 'drillingAxis')], valueAxis: [{ ...newAxisItem(k.actual, 'valueAxis'), alias: '实际装载(吨)' }] },
      { mainTitle: '各地区实际装载（点击钻取）' },
    ),
    // Two levels of one date column (issue 35): a month's bar drills to its days.
    make(
      'column',
      1,
      40,
      76,
      20,
      { drillingAxis: [{ ...newAxisItem(k.day, 'drillingAxis'), dateDim: 'month' }, { ...newAxisItem(k.day, 'drillingAxis'), dateDim: 'day' }], valueAxis: [{ ...newAxisItem(k.actual, 'valueAxis'), alias: '实际装载(吨)' }] },
      { mainTitle: '入园实际装载（按月，点击钻取到日）' },
    ),
    make('table', 1, 60, 76, 28, { cols: [plate, newAxisItem(k.type, 'cols'), newAxisItem(k.city, 'cols'), newAxisItem(k.day, 'cols'), newAxisItem(k.actual, 'cols'), newAxisItem(k.id, 'cols')] }, { mainTitle: '入园车辆明细' }),
  ];
}

/** The demo dataset and dashboard, published to the park administrator. Skipped without the demo form. */
export async function seedDemoDashboard(trx: Transaction<Database>): Promise<void> {
  const form = await trx.selectFrom('form_conf').select('id').where('form_name', '=', HAZMAT_VEHICLE_FORM_NAME).orderBy('id').executeTakeFirst();
  const source = await trx.selectFrom('report_datasource').select('id').where('built_in', '=', true).executeTakeFirst();
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!form || !source) return;
  const formId = String(form.id);
  const table = `form_${formId}`;
  const k = cols(table);
  const dataset = await trx
    .insertInto('report_dataset')
    .values({
      name: DEMO_DATASET_NAME,
      datasource_id: source.id,
      form_id: formId,
      ds_meta: JSON.stringify({ dim: [k.id, k.plate, k.type, k.hazard, k.province, k.city, k.area, k.day], measure: [k.rated, k.actual] }),
      create_by: admin?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await trx.insertInto('report_group').values({ name: '园区安全', order_index: 0 }).onConflict((oc) => oc.column('name').doNothing()).returning('id').executeTakeFirst();
  const report = await trx
    .insertInto('report_def')
    .values({
      report_name: DEMO_DASHBOARD_NAME,
      kind: 'dashboard',
      group_id: group?.id ?? null,
      setting_meta: JSON.stringify(buildSettingMeta(demoDashboardWidgets(String(dataset.id), table, formId))),
      create_by: admin?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').executeTakeFirst();
  if (parkAdmin) await trx.insertInto('report_permission').values({ report_id: report.id, role_id: parkAdmin.id }).execute();
  await insertMenu(trx, null, { name: DEMO_DASHBOARD_NAME, path: `/report/view/${report.id}`, component: 'ReportCustom', icon: 'tongji', perms: null, roles: ['park_admin'] });
}
