import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;
let formId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '移动端预览' })).json().formId;
  const control = (type: string, model: string, name: string, options: Record<string, unknown> = {}) => ({ type, key: `k_${model}`, model, name, options });
  const meta = {
    list: [
      control('input', 'plate', '车牌号'),
      control('input', 'driver', '驾驶员'),
      control('input', 'secret_note', '内部备注'),
      control('select', 'kind', '车型', { options: [{ value: '罐车', label: '罐车' }, { value: '厢车', label: '厢车' }] }),
      control('user_select', 'reviewer', '审核人'),
    ],
    config: {},
  };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json().errCode).toBe(0);
  for (const [plate, driver, kind] of [['皖A10001', '张三', '罐车'], ['皖A10002', '李四', '厢车'], ['皖B20003', '王五', '罐车']]) {
    const r = await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { formId, plate, driver, kind, secret_note: '不应出现在预览里' });
    expect(r.json().errCode, r.body).toBe(0);
  }
});
afterAll(() => t.close());

const tableItem = {
  title: [{ key: 'plate', format: { prefix: '车牌：' } }],
  rightTop: [{ key: 'kind' }],
  cols: [{ key: 'driver', alias: '司机' }, { key: 'reviewer' }],
  leftBottom: [],
  rightBottom: [{ key: 'create_time' }],
};

describe('previewQueryAppFormData (the designer’s phone preview of the mobile list)', () => {
  it('answers the rows with only the columns the cards show', async () => {
    const r = await t.call(admin, 'POST', '/api/form/previewQueryAppFormData', { pageNum: 1, pageSize: 10, formId, tableItem, queryConditions: [] });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.errCode).toBe(0);
    expect(body.totalCount).toBe(3);
    expect(body.datas).toHaveLength(3);
    for (const row of body.datas) {
      const keys = Object.keys(row);
      expect(keys).toContain('plate');
      expect(keys).toContain('create_time');
      expect(keys).not.toContain('secret_note');
      expect(keys.every((k) => ['id', 'plate', 'kind', 'driver', 'reviewer', 'create_time'].includes(k) || k.startsWith('reviewer'))).toBe(true);
    }
  });

  it('applies the conditions as the list does (search by a $like on a card field)', async () => {
    const r = await t.call(admin, 'POST', '/api/form/previewQueryAppFormData', {
      pageNum: 1,
      pageSize: 10,
      formId,
      tableItem,
      queryConditions: [{ key: 'plate', type: '$like', value: '皖A' }, { key: 'kind', type: '$eq', value: '罐车' }],
    });
    expect(r.json().datas.map((d: { plate: string }) => d.plate)).toEqual(['皖A10001']);
  });

  it('refuses a key that names no column of the form, in Chinese, and reads nothing', async () => {
    const r = await t.call(admin, 'POST', '/api/form/previewQueryAppFormData', {
      pageNum: 1,
      pageSize: 10,
      formId,
      tableItem: { ...tableItem, cols: [{ key: 'password_hash' }] },
      queryConditions: [],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe('移动端列表字段不存在: password_hash');
  });

  it('is a designer’s call: a user without form design is refused', async () => {
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'mform_viewer', password_hash, '查看员' from sys_user where username = 'admin'`);
    const viewer = await t.login('mform_viewer');
    const r = await t.call(viewer, 'POST', '/api/form/previewQueryAppFormData', { pageNum: 1, pageSize: 10, formId, tableItem, queryConditions: [] });
    expect(r.statusCode).toBe(403);
  });

  it('keeps the mobile list settings saved with the design and serves them back', async () => {
    const conf = (await t.call(admin, 'GET', `/api/form/formconf/getbyid/${formId}`)).json().formConf;
    const meta = JSON.parse(conf.formMeta);
    const appSensorSettings = { queryCondition: { placeholder: '搜索车牌', conditions: [{ key: 'plate' }], enumConditions: [] }, tableItem };
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: { ...meta, appSensorSettings } })).json().errCode).toBe(0);
    const again = JSON.parse((await t.call(admin, 'GET', `/api/form/formconf/getbyid/${formId}`)).json().formConf.formMeta);
    expect(again.appSensorSettings.queryCondition.placeholder).toBe('搜索车牌');
    expect(again.appSensorSettings.tableItem.title[0].key).toBe('plate');
  });
});
