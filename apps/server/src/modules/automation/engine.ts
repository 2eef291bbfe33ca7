import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { AUTOMATION_NODE_TYPES, conditionHolds, FLOW_TEXT, planPath, type ConditionConf, type FlowNode } from '@park/core';
import type { AutomationSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { FormModelCache, RecordActor, RecordService } from '../form/index.ts';
import { loadCurrentUser } from '../auth/worker.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import type { ActionContext } from './actions/types.ts';
import { recordDirectory } from './directory.ts';
import { actionRunnerOf, hasEffects, runtimeOf } from './nodes/index.ts';
import { classify, FlowFailure, LeaseLost, reasonOf } from './errors.ts';
import { isDatabaseUnavailable, OutageLog } from '../../db/outage.ts';
import { automationExecutions } from '../ops/index.ts';
import {
  claimDue,
  doneSteps,
  finishAll,
  insertSteps,
  loadEvents,
  loadVersions,
  settle,
  touchOrFinish,
  type ClaimedExecution,
  type EventRow,
  type StepRow,
  type VersionRow,
} from './repo.ts';

const CHANNEL = 'park_automation';
/** Without a NOTIFY (missed while reconnecting, or a retry coming due) work is looked for this often. */
const POLL_MS = 1000;
const OWNER_TTL_MS = 30_000;
/** First key of the advisory locks that order group transactions per target form (the issue number). */
const GROUP_LOCK_SPACE = 18;

interface Prepared {
  exec: ClaimedExecution;
  version: VersionRow;
  event: EventRow;
  path: FlowNode[];
  /** Path nodes without a success step yet (all of them, unless this is a retry). */
  todo: FlowNode[];
  ctx: ActionContext;
  attempt: number;
}

export interface EngineDeps {
  db: Kysely<Database>;
  forms: FormModelCache;
  records: RecordService;
  settings: AutomationSettings;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * An execution's transaction does not wait for its WAL to reach the disk (ADR 0016): if the
 * database stops before it does, the transaction is lost whole (effects, steps and finish
 * together) and the execution runs again when its lease passes, so nothing happens twice or not at all.
 */
const ASYNC_COMMIT = sql`set_config('synchronous_commit', 'off', true)`;

/** The automation's message menu: where a failure message leads. */
export const EXECUTION_MENU_URL = '/automation/execution';

/**
 * Runs automation executions (DESIGN.md §10.1). Executions are created by the form_event trigger
 * in the transaction of the record change; workers here claim due ones with SKIP LOCKED under a
 * lease, so any number of instances share them, and one killed mid-way leaves its work to be
 * taken up when the lease passes.
 *
 * Exactly once: each action node runs in one transaction with its effects, its success step row
 * and a check that the claim is still ours (which also extends it). A retry skips nodes with a
 * success row; conditions and routes are decided again from the same event and version, so they
 * choose the same path.
 */
export class AutomationEngine {
  private readonly versions = new Map<string, VersionRow>();
  private readonly owners = new Map<string, { actor: RecordActor | null; at: number }>();
  private running = 0;
  private stopped = true;
  private wake: (() => void) | null = null;
  private listener: pg.Client | null = null;
  private loopDone: Promise<void> | null = null;
  /** Executions finished by this instance, by outcome: for tests and benchmarks. */
  readonly stats = { success: 0, failed: 0, retried: 0, skipped: 0 };

  /** Counts an outcome here (tests, logs) and in /metrics (park_automation_executions_total). */
  private count(result: keyof AutomationEngine['stats'], n = 1): void {
    this.stats[result] += n;
    automationExecutions.inc({ result }, n);
  }

  /** The database out of reach: logged once (then once a minute), not per poll or execution. */
  private readonly outage: OutageLog;

  constructor(private readonly deps: EngineDeps) {
    this.outage = new OutageLog(deps.logger, 'automation', { down: '数据库不可用，自动化暂停', still: '数据库仍不可用，自动化暂停中', back: '数据库已恢复，自动化继续' });
  }

  /** Starts the workers; `connectionString` enables LISTEN for immediate wake-ups. */
  async start(connectionString?: string): Promise<void> {
    this.stopped = false;
    this.connectionString = connectionString ?? null;
    if (connectionString) await this.listen(connectionString);
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loopDone;
    const c = this.listener;
    this.listener = null;
    if (c) await c.end().catch(() => undefined);
  }

  private connectionString: string | null = null;
  private relistening = false;

  /** After the notification connection was lost: listen again (polling meanwhile), quietly. */
  private listenAgain(): void {
    if (this.listener || !this.connectionString || this.relistening || this.stopped) return;
    this.relistening = true;
    this.listen(this.connectionString)
      .catch(() => undefined)
      .finally(() => (this.relistening = false));
  }

  private async listen(connectionString: string): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: 'park-automation' });
    client.on('notification', () => this.wake?.());
    client.on('error', (err) => {
      // Lost with the database, it is part of that outage's one line; the loop listens again once it is back.
      if (isDatabaseUnavailable(err)) this.outage.failed(err);
      else this.deps.logger.warn({ err: err.message }, '自动化通知连接中断，改为轮询');
      this.listener = null;
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Stopped while this (a listen again) was connecting: nobody would close it.
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  private async loop(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    while (!this.stopped) {
      const free = this.deps.settings.workers - this.running;
      let claimed = 0;
      if (free > 0) {
        try {
          const batch = await this.claim(free);
          this.outage.reached();
          this.listenAgain();
          claimed = batch.length;
          for (const job of batch) {
            this.running += 1;
            const p = job().finally(() => {
              this.running -= 1;
              inFlight.delete(p);
              this.wake?.();
            });
            inFlight.add(p);
          }
        } catch (err) {
          if (isDatabaseUnavailable(err)) this.outage.failed(err);
          else this.deps.logger.error({ err: (err as Error).message }, '自动化领取任务失败');
        }
      }
      if (claimed > 0 && claimed === free) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_MS);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
    await Promise.allSettled([...inFlight]);
  }

  /** Runs everything due now, then returns: for tests, benchmarks and the retry call's caller. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await this.claim(this.deps.settings.workers);
      if (jobs.length === 0) return total;
      total += jobs.length;
      await Promise.all(jobs.map((job) => job()));
    }
  }

  /** Claims due executions for up to `slots` jobs of `batch` executions each. */
  private async claim(slots: number): Promise<Array<() => Promise<void>>> {
    const { db, settings } = this.deps;
    const claimed = await claimDue(db, slots * settings.batch, settings.leaseMs, crypto.randomUUID());
    if (claimed.length === 0) return [];
    const [events] = await Promise.all([loadEvents(db, claimed.map((c) => c.event_id)), this.cacheVersions(claimed)]);
    const jobs: Array<() => Promise<void>> = [];
    for (let i = 0; i < claimed.length; i += settings.batch) {
      const group = claimed.slice(i, i + settings.batch);
      jobs.push(() => this.runBatch(group.map((c) => [c, events.get(String(c.event_id)) ?? null])));
    }
    return jobs;
  }

  private async cacheVersions(claimed: ClaimedExecution[]): Promise<void> {
    const missing = [...new Set(claimed.map((c) => String(c.version_id)))].filter((id) => !this.versions.has(id));
    // Versions never change once written, so they are kept for the life of the process.
    for (const v of await loadVersions(this.deps.db, missing)) this.versions.set(String(v.id), v);
  }

  private async ownerActor(version: VersionRow): Promise<RecordActor> {
    const key = String(version.owner_id ?? '');
    const hit = this.owners.get(key);
    let actor = hit && Date.now() - hit.at < OWNER_TTL_MS ? hit.actor : undefined;
    if (actor === undefined) {
      const loaded = key ? await loadCurrentUser(this.deps.db, key) : null;
      actor =
        loaded && loaded.status === 0
          ? {
              cause: 'automation',
              auth: { sessionId: 'automation', userId: key, user: loaded.user, enableCompanyPermission: false, mustChangePassword: false, permissions: { isSuper: false, codes: new Set(), scopes: new Map(), orgTree: [] } },
              log: { module: '自动化', prefix: '' },
            }
          : null;
      this.owners.set(key, { actor, at: Date.now() });
    }
    if (!actor) throw new FlowFailure('自动化的负责人不存在或已停用');
    return { ...actor, log: { module: '自动化', prefix: `自动化「${version.flow_name}」` } };
  }

  /**
   * Runs a claimed group. Fresh executions go together in one transaction: effects, step rows and
   * their finish commit at once, which saves most of the round trips of a transaction each. If
   * anything in it fails, nothing of it stays and each execution runs again on its own, so a failure
   * is recorded against the one execution and node that caused it.
   */
  private async runBatch(group: Array<[ClaimedExecution, EventRow | null]>): Promise<void> {
    const ready: Prepared[] = [];
    for (const [exec, event] of group) {
      const version = this.versions.get(String(exec.version_id));
      try {
        if (exec.depth > this.deps.settings.maxDepth) {
          await this.settleWith(exec, version, { status: 'skipped', error: FLOW_TEXT.loopBlocked, nodeId: null, countAttempt: false }, []);
          continue;
        }
        if (!version) throw new FlowFailure('自动化版本不存在');
        if (!event) throw new FlowFailure('触发事件已不存在');
        ready.push(await this.prepare(exec, version, event));
      } catch (err) {
        await this.fail(exec, version, err, null);
      }
    }
    const together = ready.filter((p) => p.exec.fresh);
    if (together.length > 1) {
      try {
        await this.runTogether(together);
        this.count('success', together.length);
        return this.runEach(ready.filter((p) => !p.exec.fresh));
      } catch {
        // Run one by one below: the failure is then recorded against its own execution and node.
      }
    }
    await this.runEach(ready);
  }

  private async runEach(list: Prepared[]): Promise<void> {
    for (const p of list) {
      try {
        await this.runAlone(p);
      } catch (err) {
        await this.fail(p.exec, p.version, err, (err as { nodeId?: string }).nodeId ?? null, (err as { stepsBefore?: StepRow[] }).stepsBefore ?? []);
      }
    }
  }

  /** Decides the path (conditions and routes, from the event and the version) and what is left to run. */
  private async prepare(exec: ClaimedExecution, version: VersionRow, event: EventRow): Promise<Prepared> {
    const { db, forms } = this.deps;
    const record = event.after ?? event.before ?? {};
    const trigger = await forms.load(db, String(exec.form_id));
    const change = { record, before: event.before, after: event.after, now: new Date() };
    const path = planPath(version.node_config, (branch) => conditionHolds((branch.conf ?? {}) as ConditionConf, trigger.main.queryColumns, change));
    const done = exec.fresh ? new Map<string, unknown>() : await doneSteps(db, String(exec.id));
    const ctx: ActionContext = {
      flowId: String(exec.flow_id),
      flowName: version.flow_name,
      executionId: String(exec.id),
      depth: exec.depth,
      record,
      formId: String(exec.form_id),
      recordId: String(exec.record_id),
      initiatorId: event.actor_id ?? (record.create_by == null ? null : String(record.create_by)),
      actor: await this.ownerActor(version),
      records: this.deps.records,
      loadForm: (formId) => forms.load(db, formId),
      directory: (d) => recordDirectory(d, String(exec.form_id), record),
    };
    return { exec, version, event, path, todo: path.filter((n) => !done.has(n.nodeId)), ctx, attempt: exec.attempts + 1 };
  }

  /** Marks what this transaction writes as caused by the execution, one level deeper. */
  private async enter(trx: Kysely<Database>, exec: ClaimedExecution, withLockTimeout: boolean): Promise<void> {
    const lock = withLockTimeout ? `${this.deps.settings.lockTimeoutMs}ms` : null;
    await sql`select set_config('park.event_depth', ${String(exec.depth + 1)}, true),
                     set_config('park.event_execution', ${String(exec.id)}, true),
                     ${lock === null ? sql`null` : sql`set_config('lock_timeout', ${lock}, true), ${ASYNC_COMMIT}`}`.execute(trx);
  }

  private async runAction(trx: Kysely<Database>, node: FlowNode, p: Prepared): Promise<StepRow> {
    const runner = actionRunnerOf(node);
    if (!runner) throw new FlowFailure(FLOW_TEXT.actionType);
    const startTime = new Date();
    const output = await runner.run(trx, node, p.ctx);
    return this.actionStep(node, p, output, startTime);
  }

  private actionStep(node: FlowNode, p: Prepared, output: unknown, startTime: Date): StepRow {
    // Its input is the node's conf, read from the version when shown rather than copied into every step.
    return { executionId: String(p.exec.id), nodeId: node.nodeId, nodeName: node.nodeName, nodeType: AUTOMATION_NODE_TYPES.action, status: 'success', attempt: p.attempt, output, startTime };
  }

  /**
   * Runs, for each set of executions whose only action left is the same node of the same version,
   * that node for all of them at once (ActionRunner.runGroup), and returns their step rows; the
   * executions it could not run so are returned for running one by one.
   */
  private async runGrouped(trx: Kysely<Database>, list: Prepared[]): Promise<{ steps: StepRow[]; rest: Prepared[] }> {
    const sets = new Map<string, { node: FlowNode; members: Prepared[] }>();
    const rest: Prepared[] = [];
    for (const p of list) {
      const actions = p.todo.filter(hasEffects);
      const node = actions[0];
      if (actions.length !== 1 || !node || !actionRunnerOf(node)?.runGroup) {
        rest.push(p);
        continue;
      }
      const key = `${p.version.id}:${node.nodeId}`;
      const set = sets.get(key) ?? { node, members: [] };
      set.members.push(p);
      sets.set(key, set);
    }
    const steps: StepRow[] = [];
    for (const { node, members } of sets.values()) {
      const startTime = new Date();
      const outputs = members.length > 1 ? await actionRunnerOf(node)!.runGroup!(trx, node, members.map((p) => p.ctx)) : null;
      if (!outputs) {
        rest.push(...members);
        continue;
      }
      for (const [i, p] of members.entries()) {
        for (const n of p.todo) steps.push(n === node ? this.actionStep(n, p, outputs[i], startTime) : this.freeStep(n, p));
      }
    }
    return { steps, rest };
  }

  private async runTogether(list: Prepared[]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      // Groups writing the same form take turns (in form id order): two groups locking the same rows
      // in different orders would deadlock, and PostgreSQL takes a second to notice.
      const forms = [...new Set(list.flatMap((p) => p.todo.flatMap((n) => (actionRunnerOf(n)?.writesForms(n) ?? []))))]
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31)
        .sort((a, b) => a - b);
      // The claims are extended and row-locked for as long as the group runs: however long that takes,
      // no other worker claims them (SKIP LOCKED) when their lease passes.
      const { settings } = this.deps;
      const held = await sql<{ held: number }>`
        with held as (
          update auto_execution set lease_until = now() + ${settings.leaseMs} * interval '1 millisecond'
          where id = any(${list.map((p) => String(p.exec.id))}::bigint[]) and lease_token = ${list[0]!.exec.lease_token} and status = 'running'
          returning id)
        select (select count(*)::int from held) as held, set_config('lock_timeout', ${`${settings.lockTimeoutMs}ms`}, true), ${ASYNC_COMMIT},
               (select count(pg_advisory_xact_lock(${GROUP_LOCK_SPACE}, f)) from (select unnest(${forms}::int[]) as f order by 1) s)`.execute(trx);
      if (held.rows[0]!.held !== list.length) throw new LeaseLost();
      const { steps, rest } = await this.runGrouped(trx, list);
      for (const p of rest) {
        await this.enter(trx, p.exec, false);
        for (const node of p.todo) steps.push(hasEffects(node) ? await this.runAction(trx, node, p) : this.freeStep(node, p));
      }
      if (!(await finishAll(trx, list.map((p) => String(p.exec.id)), list[0]!.exec.lease_token, steps))) throw new LeaseLost();
    });
  }

  /**
   * One execution, one transaction per action node: the node's effects, its success step (with the
   * route and condition steps before it) and the claim check commit together; the last action
   * also finishes the execution.
   */
  private async runAlone(p: Prepared): Promise<void> {
    const { db, settings } = this.deps;
    const { exec, todo } = p;
    const lastAction = todo.findLast(hasEffects);
    let pending: StepRow[] = [];
    for (const [i, node] of todo.entries()) {
      if (!hasEffects(node)) {
        pending.push(this.freeStep(node, p));
        continue;
      }
      const isLast = node === lastAction;
      const trailing = isLast ? todo.slice(i + 1).map((n) => this.freeStep(n, p)) : [];
      try {
        await db.transaction().execute(async (trx) => {
          await this.enter(trx, exec, true);
          const step = await this.runAction(trx, node, p);
          if (!(await touchOrFinish(trx, String(exec.id), exec.lease_token, settings.leaseMs, isLast, [...pending, step, ...trailing]))) throw new LeaseLost();
        });
      } catch (err) {
        // The route and condition steps before the node are recorded with its failure, so the detail reads in order.
        throw Object.assign(err as object, { nodeId: node.nodeId, nodeName: node.nodeName, stepsBefore: pending });
      }
      pending = [];
      if (isLast) {
        this.count('success');
        return;
      }
    }
    // No action left to run (no branch matched, or only the trigger): record the path and finish.
    await db.transaction().execute(async (trx) => {
      if (!(await touchOrFinish(trx, String(exec.id), exec.lease_token, settings.leaseMs, true, pending))) throw new LeaseLost();
    });
    this.count('success');
  }

  /** A step without effects: the trigger (its event), a route (the branch taken), a condition (it held). */
  private freeStep(node: FlowNode, p: Prepared): StepRow {
    const base = { executionId: String(p.exec.id), nodeId: node.nodeId, nodeName: node.nodeName, nodeType: node.type, status: 'success' as const, attempt: p.attempt, startTime: new Date() };
    const runtime = runtimeOf(node);
    if (runtime.kind !== 'step') throw new Error(`节点「${node.nodeName}」有动作，不能只记录步骤`);
    return { ...base, output: runtime.output(node, p) };
  }

  private async fail(exec: ClaimedExecution, version: VersionRow | undefined, err: unknown, nodeId: string | null, stepsBefore: StepRow[] = []): Promise<void> {
    if (err instanceof LeaseLost) return;
    const kind = classify(err);
    const reason = reasonOf(err);
    const attempts = exec.attempts + 1;
    const delays = this.deps.settings.retryDelaysMs;
    const retry = kind === 'transient' && attempts <= delays.length;
    if (kind === 'permanent' || !retry) this.deps.logger.warn({ executionId: exec.id, reason }, '自动化执行失败');
    const failedStep: StepRow | null = nodeId
      ? {
          executionId: String(exec.id),
          nodeId,
          nodeName: String((err as { nodeName?: string }).nodeName ?? ''),
          nodeType: AUTOMATION_NODE_TYPES.action,
          status: 'failed',
          attempt: attempts,
          error: reason,
          startTime: new Date(),
        }
      : null;
    try {
      await this.settleWith(
        exec,
        version,
        retry
          ? { status: 'pending', error: reason, nodeId, retryInMs: delays[attempts - 1]!, countAttempt: true }
          : { status: 'failed', error: reason, nodeId, countAttempt: kind === 'transient' },
        failedStep ? [...stepsBefore, failedStep] : [],
      );
    } catch (settleErr) {
      // The database itself is away: the lease will pass and the execution be taken up again.
      if (isDatabaseUnavailable(settleErr)) this.outage.failed(settleErr);
      else this.deps.logger.error({ executionId: exec.id, err: (settleErr as Error).message }, '自动化执行结果无法记录');
    }
  }

  private async settleWith(
    exec: ClaimedExecution,
    version: VersionRow | undefined,
    outcome: Parameters<typeof settle>[3],
    steps: StepRow[],
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const settled = await settle(trx, String(exec.id), exec.lease_token, outcome);
      if (!settled) return;
      await insertSteps(trx, steps);
      this.count(outcome.status === 'pending' ? 'retried' : outcome.status);
      if (outcome.status === 'failed' && version?.owner_id) {
        await notify(trx, {
          receiverIds: [version.owner_id],
          title: `自动化「${version.flow_name}」执行失败`,
          content: outcome.error,
          bigType: MSG_BIG_TYPE.automation,
          smallType: MSG_SMALL_TYPE.automationFailure,
          params: { flowId: String(exec.flow_id), executionId: String(exec.id) },
          menuUrl: EXECUTION_MENU_URL,
        });
      }
    });
  }
}
