/**
 * The automation crash test (issue 18): start the real server, put `events` vehicle records in at
 * once (each an execution to run: a ledger row and a message), SIGKILL the server and its embedded
 * PostgreSQL once a share of them has run, start it again on the same DATA_DIR, and check that
 * every execution ended once: exactly one ledger row and one message per event, nothing twice.
 * Run by automationFault.test.ts (small) and bench/automation-fault.ts (10,000 events).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startServer, stopServer, type RunningServer } from '../../../e2e/support/server.ts';
import { createAutomationForms, insertVehicles, saveLedgerFlow } from './automationHarness.ts';
import { databaseUrlOf, killHard, restart } from './importFault.ts';
import { login } from './importExportHarness.ts';

export interface AutomationFaultOptions {
  events?: number;
  /** Kill once this share of the executions has finished. */
  killAt?: number;
  log?: (line: string) => void;
}

async function counts(db: pg.Client, flowId: number) {
  const r = await db.query(
    `select count(*)::int as total, count(*) filter (where status = 'success')::int as done,
            count(*) filter (where status in ('pending', 'running'))::int as open
     from auto_execution where flow_id = $1`,
    [flowId],
  );
  return r.rows[0] as { total: number; done: number; open: number };
}

export async function runAutomationFault(options: AutomationFaultOptions = {}): Promise<{ pass: boolean; lines: string[] }> {
  const events = options.events ?? 10_000;
  const killAt = options.killAt ?? 0.3;
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    options.log?.(line);
  };
  // A short lease, so the killed instance's claimed executions are taken up soon after the restart.
  const env = { WEB_DIST: 'none', AUTOMATION_LEASE_MS: '10000' };
  let server: RunningServer | null = await startServer(env);
  let second: ChildProcess | null = null;
  let db = new pg.Client({ connectionString: server.databaseUrl });
  try {
    const s = await login(server.baseUrl);
    const forms = await createAutomationForms(s);
    const flowId = await saveLedgerFlow(s, forms);
    await db.connect();
    const t0 = performance.now();
    await insertVehicles(db, forms.vehicle, events, '鄂K');
    let before = await counts(db, flowId);
    say(`${before.total} executions created with ${events} events`);
    while (before.done < events * killAt) {
      if (before.open === 0) throw new Error('every execution ended before the kill');
      await new Promise((r) => setTimeout(r, 50));
      before = await counts(db, flowId);
    }
    await db.end();
    const pgPid = Number((await fs.readFile(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    await killHard(server.child.pid!);
    await killHard(pgPid);
    say(`killed (SIGKILL, server and PostgreSQL) after ${((performance.now() - t0) / 1000).toFixed(1)} s with ${before.done} of ${events} executions reported done`);

    const t1 = performance.now();
    const again = await restart(server.dataDir, env);
    second = again.child;
    say(`restarted on the same DATA_DIR in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    db = new pg.Client({ connectionString: await databaseUrlOf(server.dataDir) });
    await db.connect();
    for (let c = await counts(db, flowId); c.open > 0; c = await counts(db, flowId)) {
      if (performance.now() - t1 > 600_000) throw new Error(`executions still open 10 minutes after the restart: ${JSON.stringify(c)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    say(`all executions ended ${((performance.now() - t1) / 1000).toFixed(1)} s after the restart`);

    const one = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0] as Record<string, number>;
    const end = await counts(db, flowId);
    const ledger = await one(`select count(*)::int n, count(distinct plate_no)::int d from "form_${forms.ledger}"`);
    const msgs = await one(`select count(*)::int n, count(distinct title)::int d from msg_message where title like '入园：鄂K%'`);
    const steps = await one(`select count(*)::int n from auto_step s join auto_execution e on e.id = s.execution_id where e.flow_id = $1 and s.status = 'success' and s.node_id = 'ledger'`, [flowId]);
    const deeper = await one(`select count(*)::int n from form_event where form_id = $1 and depth = 1 and execution_id is not null`, [forms.ledger]);
    const checks: Array<[string, boolean]> = [
      [`executions ${end.total} = events ${events}, all succeeded (${end.done})`, end.total === events && end.done === events],
      [`ledger rows ${ledger.n} = events, one per plate (${ledger.d} distinct)`, ledger.n === events && ledger.d === events],
      [`messages ${msgs.n} = events, none twice (${msgs.d} distinct)`, msgs.n === events && msgs.d === events],
      [`one success step per execution for the insert (${steps.n}), one depth-1 event per ledger row (${deeper.n})`, steps.n === events && deeper.n === events],
    ];
    for (const [text, ok] of checks) say(`${ok ? '✔' : '✘'} ${text}`);
    const pass = checks.every(([, ok]) => ok);
    say(pass ? 'PASS' : 'FAIL');
    return { pass, lines };
  } finally {
    await db.end().catch(() => undefined);
    if (second) await stopServer({ child: second, dataDir: server!.dataDir });
    else if (server) await stopServer(server);
    server = null;
  }
}
