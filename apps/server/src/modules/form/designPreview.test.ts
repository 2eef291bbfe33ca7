import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { withOriginDefaults } from '@park/core';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const input = (model: string, name: string) => ({ type: 'input', key: `k_${model}`, model, name, options: {} });
const table = (model: string, name: string, columns: unknown[]) => ({
  type: 'table',
  key: `k_${model}`,
  model,
  name,
  options: {},
  tableColumns: columns,
});

async function columnsOf(name: string): Promise<string[]> {
  const r = await t.sql.query(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [name],
  );
  return r.rows.map((row: { column_name: string }) => row.column_name);
}

describe('the publish preview (saveformdesign/preview)', () => {
  it('tells the columns a save adds and the ones it keeps, and changes nothing itself', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '发布预览' })).json().formId;
    const first = { list: [input('plate', '车牌号'), input('driver', '驾驶员'), table('goods', '货物', [input('goods_name', '品名')])], config: {} };

    const fresh = await t.call(admin, 'POST', '/api/form/saveformdesign/preview', { formId, formMeta: first });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      createdTables: [`form_${formId}`, `form_${formId}__goods`],
      addedColumns: [
        { table: `form_${formId}`, tableName: '主表', column: 'plate', control: '车牌号' },
        { table: `form_${formId}`, column: 'driver', control: '驾驶员' },
        { table: `form_${formId}__goods`, tableName: '子表单 货物', column: 'goods_name', control: '品名' },
      ],
      keptColumns: [],
      keptTables: [],
    });
    // A dry run: no table exists yet.
    expect(await columnsOf(`form_${formId}`)).toEqual([]);

    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: first })).json().errCode).toBe(0);
    await t.sql.query(`insert into form_${formId} (plate, driver) values ('湘A12345', '张三')`);

    // Remove 驾驶员 and the sub-table, add 车型.
    const second = { list: [input('plate', '车牌号'), input('car_type', '车型')], config: {} };
    const preview = (await t.call(admin, 'POST', '/api/form/saveformdesign/preview', { formId, formMeta: second })).json();
    expect(preview).toMatchObject({
      createdTables: [],
      addedColumns: [{ table: `form_${formId}`, column: 'car_type', control: '车型' }],
      keptColumns: [{ table: `form_${formId}`, column: 'driver', control: '驾驶员' }],
      keptTables: [`form_${formId}__goods`],
    });
    expect(await columnsOf(`form_${formId}`)).not.toContain('car_type');

    // Publishing does what the preview said; the removed control's data stays.
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: second })).json().errCode).toBe(0);
    expect(await columnsOf(`form_${formId}`)).toEqual(expect.arrayContaining(['plate', 'driver', 'car_type']));
    const row = await t.sql.query(`select plate, driver from form_${formId}`);
    expect(row.rows).toEqual([{ plate: '湘A12345', driver: '张三' }]);
    const after = (await t.call(admin, 'POST', '/api/form/saveformdesign/preview', { formId, formMeta: second })).json();
    expect(after.addedColumns).toEqual([]);
  });

  it('refuses bad designs naming the control, on preview and on save', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '错误设计' })).json().formId;
    const cases: Array<[unknown[], string]> = [
      [[input('name', '名称'), { ...input('name', '名称2'), key: 'k_name2' }], '控件“名称2”的字段名 name 与控件“名称”重复'],
      [[input('select', '类别')], '控件“类别”的字段名 select 是SQL关键字'],
      [[input('create_time', '时间')], '控件“时间”的字段名 create_time 是系统保留字段'],
      [
        [
          input('price', '单价'),
          { type: 'calculate_formula', key: 'f', model: 'total', name: '合计', options: { formula: { type: 'number', exp: ['${amount}', '*', '${price}'] } } },
        ],
        '控件“合计”的计算公式引用的字段 amount 不存在',
      ],
    ];
    for (const [list, message] of cases) {
      for (const url of ['/api/form/saveformdesign/preview', '/api/form/saveformdesign']) {
        const r = await t.call(admin, 'POST', url, { formId, formMeta: { list, config: {} } });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().errMsg, url).toBe(message);
      }
    }
    expect(await columnsOf(`form_${formId}`)).toEqual([]);
  });

  it('opens a form without a design for the designer', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '新表单' })).json().formId;
    expect((await t.call(admin, 'GET', `/api/form/design/${formId}`)).json()).toMatchObject({ formId, formName: '新表单', formMeta: null });
    const meta = { list: [input('plate', '车牌号')], config: { labelWidth: 90 } };
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta });
    // Saved with the list page's V2 layout derived from its (absent) sensorSettings (issue 27), and
    // with the palette's option keys the original client reads (issue 44).
    expect((await t.call(admin, 'GET', `/api/form/design/${formId}`)).json().formMeta).toEqual({
      ...withOriginDefaults(meta),
      sensorSettingsV2: expect.objectContaining({ derivedFrom: 'sensorSettings' }),
    });
    expect((await t.call(admin, 'GET', '/api/form/design/999999')).statusCode).toBe(404);
  });

  it('is for form designers only', async () => {
    const r = await t.call('', 'POST', '/api/form/saveformdesign/preview', { formId: 1, formMeta: { list: [] } });
    expect([401, 403]).toContain(r.statusCode);
    expect([401, 403]).toContain((await t.call('', 'GET', '/api/form/design/1')).statusCode);
  });
});
