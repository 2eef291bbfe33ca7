/**
 * Approvals at scale (issue 20): 10,000 open instances waiting for one approver (李四, the worst
 * case for his to-do page) and 100,000 finished ones, on the demo form and its seeded flow.
 * Measures GET /api/flow/self/todotasklist (page 1 of 10) and POST /api/flow/approvetask (the
 * whole step: locks, record read, history, the next node, messages, operation log), each as p50
 * beside the same reads / the minimal writes done raw with SQL in the same run.
 */
import pg from 'pg';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';
import { machine, median } from './lib.ts';

const OPEN = Number(process.env.OPEN || 10_000);
const FINISHED = Number(process.env.FINISHED || 100_000);
const RUNS = Number(process.env.RUNS || 50);

const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
try {
  const one = async (q: string, p: unknown[] = []) => (await pool.query(q, p)).rows[0];
  const form = await one(`select f.id, m.definition_id from form_conf f join flow_model m on m.form_id = f.id where f.form_name = '危化品车辆入园登记' order by f.id limit 1`);
  const lisi = (await one(`select id from sys_user where username = 'lisi'`)).id;
  const zhang = (await one(`select id from sys_user where username = 'zhangsan'`)).id;
  const table = `form_${Number(form.id)}`;
  const t0 = performance.now();
  await pool.query(
    `with r as (insert into ${table} (plate_no, create_by) select '皖B' || lpad(g::text, 5, '0'), $1 from generate_series(1, $2::int) g returning id),
     i as (insert into flow_instance (definition_id, form_id, business_id, business_name, initiator_id, approve_status, start_time, end_time)
           select $3, $4, r.id, '张三提交的危化品车辆入园登记', $1,
                  case when r.id % ($2::int / $5::int) = 0 then '0' else '1' end, now() - interval '1 day', null from r returning id, business_id, approve_status)
     insert into flow_task (title, form_id, form_name, business_id, assignee_id, initiator_id, status, instance_id, node_id, node_name, seq, round, create_time, done_time, action)
     select '张三提交的危化品车辆入园登记', $4, '危化品车辆入园登记', i.business_id, $6, $1,
            case when i.approve_status = '0' then 0 else 1 end, i.id, 'demo-chief', '科室主管审批', 1, 1, now() - interval '1 day',
            case when i.approve_status = '0' then null else now() end, case when i.approve_status = '0' then null else 'agree' end
     from i`,
    [zhang, OPEN + FINISHED, form.definition_id, form.id, OPEN, lisi],
  );
  await pool.query(`vacuum analyze ${table}, flow_instance, flow_task`);
  const counts = await one(`select count(*) filter (where status = 0) as open, count(*) filter (where status = 1) as done from flow_task where assignee_id = $1`, [lisi]);
  const insertMs = performance.now() - t0;

  const base = server.baseUrl;
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'lisi', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };

  const timeIt = async (fn: () => Promise<void>, runs: number) => {
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      await fn();
      xs.push(performance.now() - s);
    }
    return median(xs);
  };

  const todo = async () => {
    const r = (await (await fetch(`${base}/api/flow/self/todotasklist?pageNum=1&pageSize=10`, { headers })).json()) as { errCode: number; taskVos: unknown[]; totalCount: number };
    if (r.errCode !== 0 || r.taskVos.length !== 10 || r.totalCount !== Number(counts.open)) throw new Error(`todo: ${JSON.stringify(r).slice(0, 200)}`);
  };
  const rawTodo = async () => {
    await Promise.all([
      pool.query(
        `select t.id, t.title, t.form_id, t.form_name, t.business_id, t.node_name, t.create_time, t.done_time, t.action, t.due_time, t.instance_id,
                i.definition_id, i.business_name, i.start_time, i.end_time, i.approve_status, u.real_name
         from flow_task t left join flow_instance i on i.id = t.instance_id left join sys_user u on u.id = t.initiator_id
         where t.assignee_id = $1 and t.status = 0 and t.task_type = 0 order by t.create_time desc, t.id desc limit 10`,
        [lisi],
      ),
      pool.query(`select count(*) from flow_task where assignee_id = $1 and status = 0 and task_type = 0`, [lisi]),
    ]);
  };
  for (let i = 0; i < 10; i++) await todo();
  const todoP50 = await timeIt(todo, RUNS);
  const rawTodoP50 = await timeIt(rawTodo, RUNS);

  const tasks = (await pool.query(`select id from flow_task where assignee_id = $1 and status = 0 order by id limit $2`, [lisi, RUNS * 2 + 10])).rows.map((r) => String(r.id));
  let next = 0;
  const approve = async () => {
    const id = tasks[next++]!;
    const r = (await (await fetch(`${base}/api/flow/approvetask/${id}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `taskId=${id}&remark=ok` })).json()) as { errCode: number };
    if (r.errCode !== 0) throw new Error(`approve ${id}: ${JSON.stringify(r)}`);
  };
  // The raw baseline: what an approval must write at least, in one transaction (lock, close the task, history, end the instance).
  const rawApprove = async () => {
    const id = tasks[next++]!;
    const c = await pool.connect();
    try {
      await c.query('begin');
      const t = (await c.query(`select instance_id from flow_task where id = $1`, [id])).rows[0];
      await c.query(`select id from flow_instance where id = $1 for update`, [t.instance_id]);
      await c.query(`update flow_task set status = 1, action = 'agree', done_time = now() where id = $1 and status = 0`, [id]);
      await c.query(`insert into flow_comment (instance_id, task_id, node_id, user_id, type, status, remark) values ($1, $2, 'demo-chief', $3, 'comment', 0, 'ok')`, [t.instance_id, id, lisi]);
      await c.query(`update flow_instance set approve_status = '1', end_time = now() where id = $1`, [t.instance_id]);
      await c.query('commit');
    } finally {
      c.release();
    }
  };
  for (let i = 0; i < 5; i++) await approve();
  const approveP50 = await timeIt(approve, RUNS);
  const rawApproveP50 = await timeIt(rawApprove, RUNS);

  console.log(`machine: ${machine()}`);
  console.log(`instances: ${OPEN} open (waiting for 李四) + ${FINISHED} finished; inserted in ${(insertMs / 1000).toFixed(1)} s; 李四: ${counts.open} to-do, ${counts.done} done`);
  console.log(`to-do page (10 of ${counts.open}): p50 ${todoP50.toFixed(2)} ms; raw SQL ${rawTodoP50.toFixed(2)} ms; ratio ${(todoP50 / rawTodoP50).toFixed(2)}`);
  console.log(`approve (HTTP, whole step): p50 ${approveP50.toFixed(2)} ms; raw minimal writes ${rawApproveP50.toFixed(2)} ms; ratio ${(approveP50 / rawApproveP50).toFixed(2)}`);
} finally {
  await pool.end();
  await stopServer(server);
}
