/**
 * Tenants at scale (issue 36, ADR 0034/0037), each figure beside its baseline in the same run:
 *  - a tenant user's list page (page 1 of 10, with its count) on a form handed down to TENANTS
 *    tenants with RECORDS records across them, against the same list on a form holding only that
 *    tenant's share of records (≤ 1.2×);
 *  - the park's cross-tenant aggregate (a report dataset over the handed-down form: group by kind,
 *    sum and count over every tenant's rows) against the same statement as raw SQL (≤ 1.3×);
 *  - 表单分配 of one form with two dependencies to every tenant, through the HTTP call and the
 *    pg-boss job, until the status call says finished (≤ 60 s).
 * TENANTS, USERS (per tenant), RECORDS and RUNS scale it: a busy machine runs it small.
 */
import pg from 'pg';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine, median } from './lib.ts';

const TENANTS = Number(process.env.TENANTS || 200);
const USERS = Number(process.env.USERS || 50);
const RECORDS = Number(process.env.RECORDS || 1_000_000);
const RUNS = Number(process.env.RUNS || 50);

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
type Headers = Record<string, string>;
try {
  const base = server.baseUrl;
  const login = async (username: string): Promise<Headers> => {
    const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
    const res = await fetch(`${base}/apc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: sealWithForge(publicKey, 'Admin@123') }) });
    if (res.status !== 200) throw new Error(`login ${username}: ${await res.text()}`);
    return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  };
  const call = async (h: Headers, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers: h, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200 || json.errCode !== 0) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const admin = await login('admin');
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;

  const control = (type: string, name: string, model: string, options: Record<string, unknown> = {}) => ({ type, name, model, key: `${type}_${model}`, options, rules: [] });
  /** A park form with its list menu (form:N:view) and buttons, as 表单管理 publishes one. */
  const parkForm = async (formName: string, list: unknown[]) => {
    const { formId } = (await call(admin, 'POST', '/api/form/formconf/save', { formName })) as { formId: number };
    await call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
    const menu = await q(`insert into sys_menu (name, path, component, level, perms) values ($1, $2, 'FormCustom', 1, $3) returning id`, [formName, `/form/list/${formId}`, `form:${formId}:view`]);
    for (const action of ['add', 'edit', 'delete', 'import', 'export']) {
      await q(`insert into sys_menu (parent_id, name, path, level, menu_type, perms) values ($1, $2, '', 2, 'button', $3)`, [menu[0].id, action, `form:${formId}:${action}`]);
    }
    return formId;
  };
  const catalog = await parkForm('基准目录', [control('input', '品名', 'goods_name')]);
  const ledger = await parkForm('基准台账', [control('input', '名称', 'name')]);
  const design = (extra: unknown[]) => [control('input', '车牌', 'plate'), control('input', '类别', 'kind'), control('input_number', '载重', 'load_ton'), ...extra];
  const main = await parkForm('基准登记', design([
    control('m_data_ref', '台账', 'ledger', { dsConf: { formId: String(ledger), key: 'name', mapping: {} } }),
    control('data_select', '货物', 'goods', { maps: { key: 'id', name: 'goods_name', source: { datasource: '', table: `form_${catalog}`, columns: [] } } }),
  ]));
  const alone = await parkForm('基准单租户', design([]));

  // Tenants as ADR 0034 has them: company, root organisation, TENANT_ADMIN, USERS users (the first 主管理员).
  const t0 = performance.now();
  await q(`insert into sys_company (company_name, company_code, status, tenant_status, source) select '基准租户' || g, 'BENCH-' || g, '1', 1, 'park' from generate_series(1, $1::int) g`, [TENANTS]);
  await q(`insert into sys_org (org_name, company_id) select company_name, id from sys_company where company_code like 'BENCH-%'`);
  await q(`insert into sys_role (role_name, role_code, company_id) select '主管理员', 'TENANT_ADMIN', id from sys_company where company_code like 'BENCH-%'`);
  await q(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select 'bt' || c.id || '_' || u, a.password_hash, '用户' || u, case when u = 1 then 1 else 2 end, c.id, case when u = 1 then 0 else 2 end
     from sys_company c cross join generate_series(1, $1::int) u cross join (select password_hash from sys_user where username = 'admin') a
     where c.company_code like 'BENCH-%'`,
    [USERS],
  );
  await q(`insert into sys_user_org (user_id, org_id) select u.id, o.id from sys_user u join sys_org o on o.company_id = u.company_id where u.username like 'bt%'`);
  await q(`insert into sys_user_role (user_id, role_id) select u.id, r.id from sys_user u join sys_role r on r.company_id = u.company_id and r.role_code = 'TENANT_ADMIN' where u.username like 'bt%' and u.tenant_user_type = 0`);
  const tenants = (await q(`select id from sys_company where company_code like 'BENCH-%' order by id`)).map((r) => String(r.id));
  const arrangeMs = performance.now() - t0;

  // 表单分配 to every tenant: the call, then the status call every 200 ms until finished.
  const a0 = performance.now();
  const { syncFormTaskKey } = (await call(admin, 'GET', `/api/form/tenant/formAllotTenants?formId=${main}&tenantIds=${tenants.join(',')}`)) as { syncFormTaskKey: string };
  let status: { status: string; statusDesc: Record<string, number> };
  for (;;) {
    status = ((await call(admin, 'POST', `/api/form/tenant/syncFormConf/status/${syncFormTaskKey}`, {})) as { data: typeof status }).data;
    if (status.status !== 'syncing') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const allotMs = performance.now() - a0;
  const done = Object.values(status.statusDesc).filter((c) => c === 0).length;
  if (done !== TENANTS) throw new Error(`allot: ${done} of ${TENANTS} done (${status.status})`);

  // RECORDS records across the tenants, each by a user of its tenant; the lone form holds one tenant's share.
  const r0 = performance.now();
  await q(
    `insert into form_${main} (plate, kind, load_ton, company_id, create_by)
     select '皖B' || g, '类别' || (g % 12), (g % 400) / 10.0, c.id, c.id
     from generate_series(0, $1::int - 1) g
     join lateral (select id from sys_company where company_code = 'BENCH-' || (g % $2::int + 1)) c on true`,
    [RECORDS, TENANTS],
  );
  const first = tenants[0]!;
  const share = Math.ceil(RECORDS / TENANTS);
  await q(`insert into form_${alone} (plate, kind, load_ton, company_id, create_by) select '皖B' || g, '类别' || (g % 12), (g % 400) / 10.0, $2, 1 from generate_series(1, $1::int) g`, [share, first]);
  await q(`vacuum analyze form_${main}, form_${alone}`);
  const recordsMs = performance.now() - r0;

  // The tenant's 主管理员 holds the handed-down form's buttons; the lone form is granted to the same role.
  const role = (await q(`select id from sys_role where company_id = $1 and role_code = 'TENANT_ADMIN'`, [first]))[0].id;
  await q(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where company_id is null and (path = $2 or perms like $3) on conflict do nothing`, [role, `/form/list/${alone}`, `form:${alone}:%`]);
  const adminName = (await q(`select username from sys_user where company_id = $1 and tenant_user_type = 0`, [first]))[0].username as string;
  const tenantUser = await login(adminName);

  const timeIt = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await fn();
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await fn();
      xs.push(performance.now() - s);
    }
    return median(xs);
  };
  const page = (formId: number) => async () => {
    const r = (await call(tenantUser, 'POST', '/api/form/queryformdata', { formId, pageNum: 1, pageSize: 10 })) as { datas: unknown[]; totalCount: number };
    if (r.datas.length !== 10 || r.totalCount !== share) throw new Error(`list ${formId}: ${r.datas.length} rows, total ${r.totalCount} (expected ${share})`);
  };
  const handedP50 = await timeIt(page(main));
  const aloneP50 = await timeIt(page(alone));

  // The park's cross-tenant aggregate: a report dataset over the handed-down form.
  const datasourceId = ((await call(admin, 'GET', '/api/report/datasource/query')).list as Array<{ id: number; builtIn: boolean }>).find((d) => d.builtIn)!.id;
  const table = `form_${main}`;
  const col = (id: string, column: string, dataType: string) => ({ id, table, column, desc: column, dataType, alias: '' });
  const { id: dataset } = (await call(admin, 'POST', '/api/report/dataset/save', {
    name: '租户基准数据集',
    datasourceId,
    dsMeta: { dim: [col('k', 'kind', 'String')], measure: [col('l', 'load_ton', 'Number')] },
  })) as { id: number };
  const widget = { id: 1, type: 'reportWidget', querySize: 1000, data: { dataset, smallType: 'column', classAxis: [{ id: 'k' }], valueAxis: [{ id: 'l', aggregate: 'sum' }, { id: 'l', aggregate: 'count' }] } };
  let n = 0;
  // A condition that changes each call (always true), so no call is answered from the report cache.
  const aggregate = () => call(admin, 'POST', '/api/report/datareport/previewreportdata', { datareport: widget, queryConditions: [{ table, column: 'load_ton', matchType: '$gte', value: -1 - n++ }] });
  const rawAggregate = () =>
    pool.query(`select "t0"."kind" as c0, sum("t0"."load_ton") as c1, count("t0"."load_ton") as c2 from "${table}" as "t0" where "t0"."load_ton" >= $1::numeric group by 1 order by 1 asc limit 1001`, [-1 - n++]);
  const aggRuns = Math.max(5, Math.round(RUNS / 5));
  const timeFew = async (fn: () => Promise<unknown>) => {
    await fn();
    const xs: number[] = [];
    for (let i = 0; i < aggRuns; i++) {
      const s = performance.now();
      await fn();
      xs.push(performance.now() - s);
    }
    return median(xs);
  };
  const aggP50 = await timeFew(aggregate);
  const rawAggP50 = await timeFew(rawAggregate);

  console.log(`machine: ${machine()}`);
  console.log(`tenants: ${TENANTS} × ${USERS} users arranged in ${(arrangeMs / 1000).toFixed(1)} s; ${RECORDS} records across them in ${(recordsMs / 1000).toFixed(1)} s`);
  console.log(`allot one form with two dependencies to ${TENANTS} tenants (HTTP + job, until finished): ${(allotMs / 1000).toFixed(1)} s (limit 60 s)`);
  console.log(`tenant list page (10 of ${share}): handed-down form p50 ${handedP50.toFixed(2)} ms; form of the tenant's size alone ${aloneP50.toFixed(2)} ms; ratio ${(handedP50 / aloneP50).toFixed(2)} (limit 1.2)`);
  console.log(`park cross-tenant aggregate (${RECORDS} rows, group by kind, sum + count): p50 ${aggP50.toFixed(1)} ms; raw SQL ${rawAggP50.toFixed(1)} ms; ratio ${(aggP50 / rawAggP50).toFixed(2)} (limit 1.3)`);
} finally {
  await pool.end();
  await stopServer(server);
}
