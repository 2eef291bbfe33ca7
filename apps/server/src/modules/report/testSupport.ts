/* Shared by the report tests and the benchmark (not a test file itself). */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/testApp.ts';
import { control, createForm } from '../importExport/testSupport.ts';

type Json = Record<string, unknown>;

/** 入园车辆: company, entry time, load, kind, and a sub-table of checks with a score. */
export function vehicleMeta(): Json {
  return {
    list: [
      control('input', '所属企业', 'company_name'),
      control('datetime', '入园时间', 'entry_time'),
      control('number', '载重(吨)', 'load_ton'),
      control('input', '类别', 'kind'),
      control('table', '检查项', 'items', {}, { tableColumns: [control('input', '项目', 'item_name'), control('number', '得分', 'score')] }),
    ],
    config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
  };
}

export async function createVehicleForm(t: TestApp, admin: string, name = '入园车辆'): Promise<number> {
  return createForm(t, admin, name, vehicleMeta());
}

export async function platformDatasourceId(t: TestApp, cookie: string): Promise<number> {
  const res = await t.call(cookie, 'GET', '/api/report/datasource/query');
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return (res.json().list as Array<{ id: number; builtIn: boolean }>).find((d) => d.builtIn)!.id;
}

export const col = (table: string, column: string, extra: Json = {}) => ({ id: column, table, column, desc: column, dataType: 'String', alias: '', ...extra });

/** A dataset over the form: three dimensions, one measure and a calculated field (kilograms). */
export async function saveVehicleDataset(t: TestApp, cookie: string, formId: number, extra: { dim?: Json[]; measure?: Json[] } = {}): Promise<number> {
  const table = `form_${formId}`;
  const res = await t.call(cookie, 'POST', '/api/report/dataset/save', {
    name: '入园车辆统计',
    datasourceId: String(await platformDatasourceId(t, cookie)),
    dsMeta: {
      dim: [col(table, 'company_name', { id: 'd1' }), col(table, 'entry_time', { id: 'd2', dataType: 'Date' }), col(table, 'kind', { id: 'd3' }), ...(extra.dim ?? [])],
      measure: [
        col(table, 'load_ton', { id: 'm1', dataType: 'Number' }),
        col(table, 'load_kg', { id: 'm2', express: '${load_ton} * 1000', desc: '载重(千克)' }),
        ...(extra.measure ?? []),
      ],
    },
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return res.json().id as number;
}

export function widget(dataset: number, data: Json, extra: Json = {}): Json {
  return { id: 1, name: '测试', type: 'reportWidget', querySize: 1000, ...extra, data: { dataset: String(dataset), smallType: 'column', classAxis: [], valueAxis: [], colorAxis: [], condFilters: [], superConds: [], ...data } };
}
