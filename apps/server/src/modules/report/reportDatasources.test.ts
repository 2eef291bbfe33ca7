import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { mariadbInstalled, startMariadb, startSecondPostgres, type ExternalServer } from '../../../test/externalDatabases.ts';
import type PgBoss from 'pg-boss';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { externalDb } from './sources/connections.ts';

/*
 * External datasources against real servers: a second PostgreSQL cluster and, when Debian's
 * mariadb-server is installed, a MariaDB. Loopback is reachable only because the test lists
 * 127.0.0.1 in DATASOURCE_ALLOWED_HOSTS; a silent server and a slow statement time out in Chinese.
 */

let t: TestApp;
let admin: string;
let ext: ExternalServer;
let silent: net.Server;
let silentPort: number;
const sockets = new Set<net.Socket>();

const ORDERS = [
  `create table orders (id serial primary key, region text, amount numeric(12,2), created timestamp)`,
  `comment on table orders is '订单'`,
  `insert into orders (region, amount, created) values ('华东', 10.5, '2026-01-05 10:00:00'), ('华东', 20, '2026-01-20 11:00:00'),
     ('华南', 7, '2026-02-01 09:00:00'), ('华北', null, '2026-03-03 08:00:00')`,
  `create view slow_view as select region, amount from orders, pg_sleep(2)`,
];

beforeAll(async () => {
  ext = await startSecondPostgres();
  await ext.exec(ORDERS);
  silent = net.createServer((s) => sockets.add(s)); // accepts and never answers
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
  silentPort = (silent.address() as net.AddressInfo).port;
  const base = loadConfig({});
  t = await createTestApp({ report: { ...base.report, allowedHosts: ['127.0.0.1'], statementTimeoutMs: 500 } });
  admin = await t.login();
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  silent.close();
  await t.close();
  await ext.stop();
});

const pgBody = (extra: Record<string, unknown> = {}) => ({
  name: '经营库',
  type: 'postgresql',
  host: ext.host,
  port: ext.port,
  database: ext.database,
  username: ext.user,
  password: ext.password,
  ...extra,
});

async function saveDataset(datasourceId: number, tableName: string, dsMeta: unknown) {
  return t.call(admin, 'POST', '/api/report/dataset/save', { name: `${tableName} 统计`, datasourceId, dsMeta });
}

describe('external PostgreSQL', () => {
  let dsId: number;

  it('tests, saves with a sealed password, lists tables and columns', async () => {
    expect((await t.call(admin, 'POST', '/api/report/datasource/test', pgBody())).json()).toEqual({ errCode: 0, errMsg: '连接成功' });
    const wrong = await t.call(admin, 'POST', '/api/report/datasource/test', pgBody({ password: 'nope' }));
    expect(wrong.json().errMsg).toBe('连接数据源失败：用户名或密码错误');
    const saved = await t.call(admin, 'POST', '/api/report/datasource/save', pgBody());
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    dsId = saved.json().id;
    const { rows } = await t.sql.query(`select secret from report_datasource where id = $1`, [dsId]);
    expect(rows[0].secret).toMatch(/^v1\./);
    expect(rows[0].secret).not.toContain(ext.password);
    const list = (await t.call(admin, 'GET', '/api/report/datasource/query')).json().list;
    expect(list.find((d: { id: number }) => d.id === dsId)).toMatchObject({ name: '经营库', type: 'postgresql', builtIn: false });
    expect(JSON.stringify(list)).not.toContain(ext.password);
    const tables = (await t.call(admin, 'GET', `/api/report/datasource/table/query?datasourceId=${dsId}`)).json().list;
    expect(tables).toEqual(expect.arrayContaining([{ tableName: 'orders', tableDesc: '订单' }]));
    const cols = (await t.call(admin, 'GET', `/api/report/datasource/table/querydesc?datasourceId=${dsId}&tbName=orders`)).json().list;
    expect(cols.map((c: { columnName: string; dataType: string }) => `${c.columnName}:${c.dataType}`)).toEqual([
      'id:Number',
      'region:String',
      'amount:Number',
      'created:Date',
    ]);
  });

  it('runs widget queries on the external table: sums, a month level and a calculated field', async () => {
    const c = (id: string, column: string, extra = {}) => ({ id, table: 'orders', column, desc: column, dataType: 'String', alias: '', ...extra });
    const ds = await saveDataset(dsId, 'orders', { dim: [c('r', 'region'), c('c', 'created')], measure: [c('a', 'amount'), c('a2', 'double', { express: '${amount} * 2' })] });
    expect(ds.json(), ds.body).toMatchObject({ errCode: 0 });
    const preview = (data: Record<string, unknown>) =>
      t.call(admin, 'POST', '/api/report/datareport/previewreportdata', { datareport: { id: 1, type: 'reportWidget', querySize: 1000, data: { dataset: ds.json().id, smallType: 'column', ...data } } });
    const byRegion = await preview({ classAxis: [{ id: 'r' }], valueAxis: [{ id: 'a', aggregate: 'sum' }, { id: 'a2', aggregate: 'max' }] });
    expect(byRegion.json(), byRegion.body).toMatchObject({ errCode: 0 });
    // Text order follows the server's collation, so compare as a set.
    expect(byRegion.json().datas).toEqual(
      expect.arrayContaining([
        { region: '华北', sum_amount: null, max_double: null },
        { region: '华东', sum_amount: 30.5, max_double: 40 },
        { region: '华南', sum_amount: 7, max_double: 14 },
      ]),
    );
    expect(byRegion.json().datas).toHaveLength(3);
    const byMonth = await preview({ classAxis: [{ id: 'c', dateDim: 'month' }], valueAxis: [{ id: 'r', aggregate: 'count' }] });
    expect(byMonth.json().datas).toEqual([
      { created: '2026-01', count_region: 2 },
      { created: '2026-02', count_region: 1 },
      { created: '2026-03', count_region: 1 },
    ]);
  });

  it('report sessions are read-only', async () => {
    const db = externalDb({ engine: 'postgresql', address: ext.host, port: ext.port, database: ext.database, username: ext.user, password: ext.password }, 1000);
    try {
      await expect(db.insertInto('orders').values({ region: 'x' }).execute()).rejects.toMatchObject({ code: '25006' });
    } finally {
      await db.destroy();
    }
  });

  it('a statement over the timeout is cancelled with a Chinese message', async () => {
    const c = (id: string, column: string, dataType = 'String') => ({ id, table: 'slow_view', column, desc: column, dataType, alias: '' });
    const ds = await saveDataset(dsId, 'slow_view', { dim: [c('r', 'region')], measure: [c('a', 'amount', 'Number')] });
    expect(ds.json(), ds.body).toMatchObject({ errCode: 0 });
    const started = Date.now();
    const res = await t.call(admin, 'POST', '/api/report/datareport/previewreportdata', {
      datareport: { id: 1, type: 'reportWidget', data: { dataset: ds.json().id, smallType: 'column', classAxis: [{ id: 'r' }], valueAxis: [{ id: 'a', aggregate: 'sum' }] } },
    });
    expect(res.statusCode).toBe(504);
    expect(res.json().errMsg).toBe('报表查询超时（超过 1 秒），请缩小查询范围后重试');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a datasource in use cannot be deleted; the built-in one never', async () => {
    const inUse = await t.call(admin, 'POST', '/api/report/datasource/delete', { id: dsId });
    expect(inUse.json().errMsg).toMatch(/已被 \d+ 个数据集使用/);
    const builtIn = (await t.call(admin, 'GET', '/api/report/datasource/query')).json().list[0];
    expect((await t.call(admin, 'POST', '/api/report/datasource/delete', { id: builtIn.id })).json().errMsg).toBe('平台数据库是内置数据源，不能修改或删除');
    const spare = await t.call(admin, 'POST', '/api/report/datasource/save', pgBody({ name: '备用' }));
    expect((await t.call(admin, 'POST', '/api/report/datasource/delete', { id: spare.json().id })).json()).toEqual({ errCode: 0 });
  });
});

describe('hostile datasources', () => {
  it('refuses loopback and metadata addresses the administrator did not list', async () => {
    const meta = await t.call(admin, 'POST', '/api/report/datasource/save', pgBody({ host: '169.254.169.254', port: 80 }));
    expect(meta.statusCode).toBe(400);
    expect(meta.json().errMsg).toContain('不在管理员允许的数据源主机列表中');
    const strict = await createTestApp();
    try {
      const cookie = await strict.login();
      const loop = await strict.call(cookie, 'POST', '/api/report/datasource/test', pgBody({ host: '127.0.0.1' }));
      expect(loop.statusCode).toBe(400);
      expect(loop.json().errMsg).toContain('不在管理员允许的数据源主机列表中');
    } finally {
      await strict.close();
    }
  });

  it('a server that accepts and never answers times out in Chinese (PostgreSQL and MySQL)', async () => {
    for (const type of ['postgresql', 'mysql']) {
      const started = Date.now();
      const res = await t.call(admin, 'POST', '/api/report/datasource/test', pgBody({ type, port: silentPort }));
      expect(res.json().errMsg).toBe('连接数据源超时，请检查主机、端口和网络');
      expect(Date.now() - started).toBeLessThan(9000);
    }
  }, 30_000);
});

describe.runIf(mariadbInstalled())('external MariaDB (Debian mariadb-server)', () => {
  let maria: ExternalServer;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    // The table export below is a job (ADR 0019): the queue and its worker run for this block.
    boss = await withJobs(t);
    maria = await startMariadb();
    await maria.exec([
      `create table orders (id int auto_increment primary key, region varchar(20), amount decimal(12,2), created datetime) comment '订单'`,
      `insert into orders (region, amount, created) values ('华东', 10.5, '2026-01-05 10:00:00'), ('华东', 20, '2026-01-20 11:00:00'), ('华南', 7, '2026-02-01 09:00:00')`,
    ]);
  }, 60_000);
  afterAll(async () => {
    if (boss) await stopJobs(boss);
    await maria?.stop();
  });

  it('tests, lists, and aggregates by quarter and week through the MySQL dialect', async () => {
    const body = { name: '外部MySQL', type: 'mysql', host: maria.host, port: maria.port, database: maria.database, username: maria.user, password: maria.password };
    expect((await t.call(admin, 'POST', '/api/report/datasource/test', body)).json()).toEqual({ errCode: 0, errMsg: '连接成功' });
    const id = (await t.call(admin, 'POST', '/api/report/datasource/save', body)).json().id;
    const tables = (await t.call(admin, 'GET', `/api/report/datasource/table/query?datasourceId=${id}`)).json().list;
    expect(tables).toEqual([{ tableName: 'orders', tableDesc: '订单' }]);
    const c = (cid: string, column: string) => ({ id: cid, table: 'orders', column, desc: column, dataType: 'String', alias: '' });
    const ds = await saveDataset(id, 'orders', { dim: [c('r', 'region'), c('c', 'created')], measure: [c('a', 'amount')] });
    expect(ds.json(), ds.body).toMatchObject({ errCode: 0 });
    const preview = (data: Record<string, unknown>, queryConditions: unknown[] = []) =>
      t.call(admin, 'POST', '/api/report/datareport/previewreportdata', { queryConditions, datareport: { id: 1, type: 'reportWidget', data: { dataset: ds.json().id, smallType: 'column', ...data } } });
    const q = await preview({ classAxis: [{ id: 'c', dateDim: 'quarter' }], valueAxis: [{ id: 'a', aggregate: 'sum' }, { id: 'r', aggregate: 'dscount' }] });
    expect(q.json(), q.body).toMatchObject({ errCode: 0, datas: [{ created: '2026-Q1', sum_amount: 37.5, dscount_region: 2 }] });
    const w = await preview({ classAxis: [{ id: 'c', dateDim: 'week' }], valueAxis: [{ id: 'a', aggregate: 'max' }] }, [{ table: 'orders', column: 'region', matchType: '$like', value: '东' }]);
    expect(w.json().datas).toEqual([
      { created: '2026-W02', max_amount: 10.5 },
      { created: '2026-W04', max_amount: 20 },
    ]);
    // A table export reads MySQL through the driver's row stream.
    const table = { id: 't', name: '订单明细', type: 'reportWidget', data: { dataset: ds.json().id, smallType: 'table', cols: [{ id: 'r' }, { id: 'a' }] } };
    const report = await t.call(admin, 'POST', '/api/report/datareport/save', { reportName: '外部明细', settingMeta: { layout: {}, widgets: [table], version: 1 } });
    const started = await t.call(admin, 'POST', '/api/report/datareport/exportTableReport', { reportId: report.json().reportId, widgetId: 't', queryConditions: [] });
    expect(started.json(), started.body).toMatchObject({ errCode: 0 });
    let state: Record<string, unknown> = { state: 'running' };
    for (let i = 0; i < 300 && state.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.call(admin, 'GET', `/api/report/getExportTableReportState/${started.json().exportCode}`)).json().exportTableReportState;
    }
    expect(state).toMatchObject({ state: 'success', rowsDone: 3 });
  }, 60_000);
});
