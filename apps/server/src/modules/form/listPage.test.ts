import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildListConditions,
  HAZMAT_VEHICLE_FORM_NAME,
  parseFormMeta,
  readListSettings,
  type FormMeta,
  type ListSettings,
} from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { seed } from '../../seeds/seed.ts';
import { control, createForm } from '../importExport/testSupport.ts';

/*
 * The demo list page (issue 8): the seed step gives the vehicle form its list settings and a few
 * vehicles, and the conditions core builds from the query bar are what queryformdata filters by.
 */

let t: TestApp;
let admin: string;
let formId: number;
let settings: ListSettings;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const list = (await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=50')).json().datas as Array<{
    formId: number;
    formName: string;
  }>;
  formId = list.find((f) => f.formName === HAZMAT_VEHICLE_FORM_NAME)!.formId;
  const conf = (await t.call(admin, 'GET', `/api/form/formconf/getbyid/${formId}`)).json().formConf;
  const parsed = parseFormMeta(conf.formMeta);
  if (!parsed.ok) throw new Error(parsed.message);
  settings = readListSettings(parsed.meta);
});
afterAll(() => t.close());

async function plates(values: Record<string, unknown>, sort?: unknown): Promise<string[]> {
  const res = await t.call(admin, 'POST', '/api/form/queryformdata', {
    formId,
    pageNum: 1,
    pageSize: 50,
    queryConditions: buildListConditions(settings.fields, values),
    ...(sort ? { sort } : {}),
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return (res.json().datas as Array<{ plate_no: string }>).map((r) => r.plate_no);
}

describe('demo list page', () => {
  it('is seeded with query fields, columns, buttons with a dialog and a new-window jump, and vehicles', async () => {
    expect(settings.fields.map((f) => `${f.key}:${f.input}`)).toEqual([
      'plate_no:text',
      'vehicle_type:select',
      'entry_date:dateRange',
      'documents:multiSelect',
      'loaded:select',
      'accept_org_label:text',
    ]);
    const jumps = settings.rowButtons.filter((b) => b.action === 'custom');
    expect(jumps.map((b) => [b.name, b.jump?.urlType])).toEqual([
      ['车辆档案', 0],
      ['危化品目录', 2],
    ]);
    expect(String(jumps[0]!.jump?.url)).toBe(`/closed-park-web/form/detail/${formId}/{id}`);
    expect(await plates({})).toHaveLength(6);
  });

  it('filters by text, date range, multi-select, switch and picker label, and sorts', async () => {
    expect((await plates({ plate_no: '皖A' })).sort()).toEqual(['皖A12345', '皖A55221', '皖A67890']);
    expect((await plates({ entry_date: ['2026-11-05', '2026-11-12'] })).sort()).toEqual(['皖A67890', '苏E88661', '鄂E32100']);
    expect(await plates({ entry_date: ['2026-11-16', ''] })).toHaveLength(2);
    expect(await plates({ documents: ['押运员证', '安全告知卡'] })).toEqual(['鄂E32100']);
    expect((await plates({ loaded: '1' })).sort()).toEqual(['皖A67890', '苏E88661']);
    expect(await plates({ accept_org_label: '安全监管' })).toHaveLength(1);
    expect((await plates({}, [{ key: 'rated_load', sort: 'asc' }]))[0]).toBe('皖A67890');
    expect((await plates({}, [{ key: 'rated_load', sort: 'desc' }]))[0]).toBe('苏E88661');
  });

  it('refuses a sort on a column the form does not have', async () => {
    const res = await t.call(admin, 'POST', '/api/form/queryformdata', { formId, pageNum: 1, pageSize: 10, sort: [{ key: 'password_hash' }] });
    expect(res.statusCode).toBe(400);
  });

  it('applies the seed step once: seeding again adds no vehicles', async () => {
    const result = await seed(t.booted.ctx.db, null);
    expect(result.applied).toEqual([]);
    expect(await plates({})).toHaveLength(6);
  });

  it('takes ranges on month and time fields, which are text rather than calendar dates', async () => {
    const meta = { list: [control('input', '名称', 'f_name'), control('month', '月份', 'f_month'), control('time', '时间', 'f_time')], config: {} };
    const id = await createForm(t, admin, '月份与时间', meta);
    for (const [name, month, time] of [['一月', '01', '08:00:00'], ['六月', '06', '12:30:00'], ['十二月', '12', '18:45:00']]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/form/addformdata/${id}`,
        headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ f_name: name!, f_month: month!, f_time: time! }).toString(),
      });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    }
    const fields = readListSettings({ ...(meta as unknown as FormMeta), sensorSettings: { queryConditions: [{ key: 'f_month', opt: '$in' }, { key: 'f_time', opt: '$in' }] } }).fields;
    const names = async (values: Record<string, unknown>) => {
      const res = await t.call(admin, 'POST', '/api/form/queryformdata', {
        formId: id,
        pageNum: 1,
        pageSize: 10,
        queryConditions: buildListConditions(fields, values),
      });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
      return (res.json().datas as Array<{ f_name: string }>).map((r) => r.f_name).sort();
    };
    expect(await names({ f_month: ['03', '12'] })).toEqual(['六月', '十二月'].sort());
    expect(await names({ f_time: ['', '12:30:00'] })).toEqual(['一月', '六月'].sort());
  });
});
