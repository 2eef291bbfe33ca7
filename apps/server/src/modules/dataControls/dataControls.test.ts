import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CONTROL_TEXT, dataControlFetchPath } from '@park/core';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/* 高级控件数据源 (issue 40): the catalogue's calls, their refusals, and the allow-listed, cached read a picker makes. */

let t: TestApp;
let admin: string;
let source: http.Server;
let port: number;
let hits = 0;
let answer: { status: number; body: string } = { status: 200, body: '' };

const BODY = {
  title: '危化品目录',
  type: '0',
  valueKey: 'code',
  valueDesc: '编码',
  labelKey: 'name',
  labelDesc: '名称',
  columns: [
    { model: 'name', name: '名称' },
    { model: 'cas', name: 'CAS号' },
  ],
};

beforeAll(async () => {
  source = http.createServer((_req, res) => {
    hits++;
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  port = (source.address() as net.AddressInfo).port;
  const base = loadConfig({ DATA_DIR: '/tmp', WEB_DIST: 'none' });
  t = await createTestApp({ report: { ...base.report, allowedHosts: ['127.0.0.1'] } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => source.close(resolve));
});

describe('高级控件数据源', () => {
  it('refuses each missing field with the dialog message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...BODY, title: ' ' }, DATA_CONTROL_TEXT.title],
      [{ ...BODY, type: '' }, DATA_CONTROL_TEXT.type],
      [{ ...BODY, valueKey: '' }, DATA_CONTROL_TEXT.valueKey],
      [{ ...BODY, labelDesc: '' }, DATA_CONTROL_TEXT.labelDesc],
      [{ ...BODY }, DATA_CONTROL_TEXT.url],
      [{ ...BODY, url: 'ftp://x/y' }, DATA_CONTROL_TEXT.urlInvalid],
      [{ ...BODY, url: 'http://a.example/x', valueKey: 'a;drop' }, DATA_CONTROL_TEXT.fieldInvalid],
      [{ ...BODY, url: 'http://a.example/x', columns: [{ model: 'a', name: '' }] }, DATA_CONTROL_TEXT.columnInvalid],
    ];
    for (const [body, msg] of cases) {
      const res = await t.call(admin, 'POST', '/api/dataControls/addDataControls', body);
      expect([res.statusCode, res.json().errMsg]).toEqual([400, msg]);
    }
    expect((await t.sql.query(`select count(*)::int n from sys_data_control`)).rows[0].n).toBe(0);
  });

  it('adds (JSON or the original FORM body), lists, updates and deletes', async () => {
    const add = await t.call(admin, 'POST', '/api/dataControls/addDataControls', { ...BODY, url: `http://127.0.0.1:${port}/chemicals` });
    expect(add.json()).toMatchObject({ errCode: 0, errMsg: '操作成功' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/dataControls/addDataControls',
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=车队&type=1&valueKey=id&valueDesc=编号&labelKey=fleet&labelDesc=车队名&url=http://127.0.0.1:9/fleets&columns[0].model=fleet&columns[0].name=车队名',
    });
    expect(form.json()).toMatchObject({ errCode: 0 });
    const list = (await t.call(admin, 'GET', '/api/dataControls/queryAllDataControls')).json();
    expect(list.datas).toEqual([
      expect.objectContaining({ id: add.json().id, title: '危化品目录', type: '0', valueKey: 'code', labelKey: 'name', columns: BODY.columns }),
      expect.objectContaining({ title: '车队', type: '1', columns: [{ model: 'fleet', name: '车队名' }] }),
    ]);
    const upd = await t.call(admin, 'POST', '/api/dataControls/updateDataControls', { ...BODY, id: form.json().id, title: '车队清单', url: 'http://127.0.0.1:9/fleets' });
    expect(upd.json()).toMatchObject({ errCode: 0 });
    expect((await t.call(admin, 'GET', '/api/dataControls/deleteDataControls?ids=')).json().errMsg).toBe(DATA_CONTROL_TEXT.chooseFirst);
    const del = await t.call(admin, 'GET', `/api/dataControls/deleteDataControls?ids=${form.json().id},`);
    expect(del.json()).toMatchObject({ errCode: 0, errMsg: '删除成功' });
    expect((await t.call(admin, 'GET', '/api/dataControls/queryAllDataControls')).json().datas).toHaveLength(1);
  });

  it('serves a picker the source rows, filtered and paged, from a short cache', async () => {
    const id = (await t.sql.query(`select id from sys_data_control where title = '危化品目录'`)).rows[0].id;
    answer = { status: 200, body: JSON.stringify({ code: 0, data: { records: [{ code: 'A1', name: '甲苯', cas: '108-88-3' }, { code: 'B2', name: '乙醇', cas: '64-17-5' }] } }) };
    hits = 0;
    const first = (await t.call(admin, 'POST', dataControlFetchPath(id), { pageNum: 1, pageSize: 10, condition: '' })).json();
    expect(first).toMatchObject({ errCode: 0, totalCount: 2, desc: { name: '名称', cas: 'CAS号' } });
    const found = (await t.call(admin, 'GET', `${dataControlFetchPath(id)}?condition=${encodeURIComponent('乙')}`)).json();
    expect(found.datas).toEqual([{ code: 'B2', name: '乙醇', cas: '64-17-5' }]);
    expect(hits).toBe(1); // the second read came from the cache
  });

  it('a failing source or an address outside the allow-list is one clear message', async () => {
    const add = async (url: string) => (await t.call(admin, 'POST', '/api/dataControls/addDataControls', { ...BODY, title: `源${url.length}`, url })).json().id;
    answer = { status: 500, body: 'oops' };
    const broken = await add(`http://127.0.0.1:${port}/broken`);
    const res = await t.call(admin, 'GET', dataControlFetchPath(broken));
    expect([res.statusCode, res.json().errMsg]).toEqual([502, `${DATA_CONTROL_TEXT.fetchFailed}：HTTP 500`]);
    const metadata = await add('http://169.254.169.254/latest/meta-data');
    const refused = (await t.call(admin, 'GET', dataControlFetchPath(metadata))).json();
    expect(refused.errMsg).toContain(DATA_CONTROL_TEXT.fetchFailed);
    expect(refused.errMsg).toContain('不在管理员允许');
  });

  it('refuses a user without the permission', async () => {
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'dc_nobody', password_hash, '无权' from sys_user where username = 'admin'`);
    const nobody = await t.login('dc_nobody');
    expect((await t.call(nobody, 'GET', '/api/dataControls/queryAllDataControls')).statusCode).toBe(403);
    expect((await t.call(nobody, 'POST', '/api/dataControls/addDataControls', { ...BODY, url: 'http://a.example/' })).statusCode).toBe(403);
    expect((await t.call(nobody, 'GET', '/api/dataControls/deleteDataControls?ids=1')).statusCode).toBe(403);
  });
});
