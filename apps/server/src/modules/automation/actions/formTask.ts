import type { Kysely } from 'kysely';
import {
  applyCalculation,
  columnValue,
  filterCondition,
  MATCHES_NOTHING,
  type ColumnConf,
  type Condition,
  type FilterItem,
  type FlowNode,
  type FormTaskConf,
  type SubTableConf,
} from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { type FormModel, type TableModel, subModel, SKIPPED_UNDER_APPROVAL, type Row } from '../../form/index.ts';
import { FlowFailure } from '../errors.ts';
import { checkFormTaskForms } from './formTaskCheck.ts';
import type { ActionContext, ActionRunner, StepOutput } from './types.ts';

type Filter = Condition | null | typeof MATCHES_NOTHING;

const NOTHING_MATCHED = '条件中的变量为空，未匹配任何数据';

function confOf(node: FlowNode): Required<Pick<FormTaskConf, 'action'>> & { formConf: NonNullable<FormTaskConf['formConf']> } {
  const conf = (node.conf ?? {}) as FormTaskConf;
  return { action: conf.action ?? '', formConf: conf.formConf ?? {} };
}

/** Values a new row gets: each column's fixed value, variable or formula over the trigger record. */
function insertValues(columns: ColumnConf[] | undefined, ctx: ActionContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns ?? []) out[c.model] = columnValue(c, ctx.record);
  return out;
}

/** An update's new values for one row: the calculation on the row's current value (stock − ${load}). */
function changesFor(columns: ColumnConf[] | undefined, ctx: ActionContext): (before: Row) => Record<string, unknown> {
  return (before) => {
    const out: Record<string, unknown> = {};
    for (const c of columns ?? []) out[c.model] = applyCalculation(c.formula, before[c.model], columnValue(c, ctx.record));
    return out;
  };
}

function filterOf(items: FilterItem[] | undefined, table: TableModel, ctx: ActionContext): Filter {
  return filterCondition(items, table.queryColumns, ctx.record);
}

/**
 * Rows under approval are left as the approvers see them (ADR 0026): the action goes on with the
 * others, and its step output names the ones it skipped and why.
 */
function watchSkips(ctx: ActionContext): { ctx: ActionContext; report(out: StepOutput): StepOutput } {
  const skipped = new Map<string, Set<string>>();
  const note = (table: TableModel, ids: string[]) => {
    const set = skipped.get(table.subKey ?? '') ?? new Set<string>();
    for (const id of ids) set.add(id);
    skipped.set(table.subKey ?? '', set);
  };
  return {
    ctx: { ...ctx, actor: { ...ctx.actor, skipped: note } },
    report: (out) =>
      skipped.size === 0
        ? out
        : { ...out, skipped: [...skipped].map(([subKey, ids]) => ({ ...(subKey ? { subKey } : {}), ids: [...ids], reason: SKIPPED_UNDER_APPROVAL })) },
  };
}

/** Update and delete must name their rows: an empty filter is refused rather than read as "every row". */
function requireFilter(filter: Filter, message: string): Condition | typeof MATCHES_NOTHING {
  if (filter === null) throw new FlowFailure(message);
  return filter;
}

async function targetForm(node: FlowNode, ctx: ActionContext): Promise<FormModel> {
  const model = await ctx.loadForm(String(confOf(node).formConf.formId ?? ''));
  if (model.status !== 0) throw new FlowFailure(`表单「${model.formName}」已停用`);
  return model;
}

/** Sub-table entries of an action, each on the children of the records the main action touched. */
async function runSubTables(
  trx: Kysely<Database>,
  model: FormModel,
  entries: SubTableConf[] | undefined,
  parentIds: string[],
  ctx: ActionContext,
): Promise<StepOutput[]> {
  const out: StepOutput[] = [];
  for (const entry of entries ?? []) {
    if (!entry.operate || parentIds.length === 0) continue;
    const table = subModel(model, entry.key);
    if (entry.operate === 'insert') {
      const ids: string[] = [];
      for (const parentId of parentIds) ids.push(String((await ctx.records.insertOne(trx, model, table, insertValues(entry.columns, ctx), ctx.actor, parentId)).id));
      out.push({ subKey: entry.key, operate: 'insert', ids });
      continue;
    }
    const filter = requireFilter(filterOf(entry.filter, table, ctx), '请设置子表单条件');
    if (filter === MATCHES_NOTHING) {
      out.push({ subKey: entry.key, operate: entry.operate, ids: [] });
    } else if (entry.operate === 'update') {
      const rows = await ctx.records.updateWhere(trx, model, table, filter, changesFor(entry.columns, ctx), ctx.actor, parentIds);
      out.push({ subKey: entry.key, operate: 'update', ids: rows.map((r) => String(r.after.id)) });
    } else {
      const rows = await ctx.records.deleteWhere(trx, model, table, filter, ctx.actor, parentIds);
      out.push({ subKey: entry.key, operate: 'delete', ids: rows.map((r) => String(r.id)) });
    }
  }
  return out;
}

/** What an update reports: the ids and, for the first rows, each column before and after. */
function updateOutput(model: FormModel, columns: ColumnConf[] | undefined, rows: Array<{ before: Row; after: Row }>, subTables: StepOutput[]): StepOutput {
  const changes = rows.slice(0, 20).map((r) => Object.fromEntries((columns ?? []).map((c) => [c.model, { before: r.before[c.model] ?? null, after: r.after[c.model] ?? null }])));
  return { kind: 'form', formId: model.formId, action: 'update', ids: rows.map((r) => String(r.after.id)), changes, subTables };
}

/**
 * A group's main-table updates (no sub-tables): every row any execution's filter matches is locked
 * and read in one statement, then all the changes are written in one more (records.updateLocked),
 * each computed in execution order from the row as the execution before left it (stock − load applied
 * once per execution, in order). Only when the update writes no column its filter reads: otherwise an
 * earlier execution's change could alter which rows a later one matches, and the executions run one by
 * one instead (null), as they do when a row refers to files.
 */
async function updateGroup(trx: Kysely<Database>, node: FlowNode, ctxs: ActionContext[]): Promise<StepOutput[] | null> {
  const { action, formConf } = confOf(node);
  if (action !== 'update' || (formConf.subTable ?? []).some((e) => e.operate)) return null;
  const written = new Set((formConf.columns ?? []).map((c) => c.model));
  if ((formConf.filter ?? []).some((f) => written.has(f.model))) return null;
  const model = await targetForm(node, ctxs[0]!);
  const filters = ctxs.map((ctx) => requireFilter(filterOf(formConf.filter, model.main, ctx), '请设置主表单条件'));
  const real = filters.filter((f): f is Condition => f !== MATCHES_NOTHING);
  let locked = false;
  const { rows, matches } = await ctxs[0]!.records.lockMatching(trx, model.main, { ...ctxs[0]!.actor, skipped: () => (locked = true) }, real);
  // Which execution matched a row under approval is not kept: one by one, each says what it skipped.
  if (locked) return null;

  // Each execution's rows, in execution order.
  const changes: Array<{ exec: number; id: string }> = [];
  let next = 0;
  for (const [i, f] of filters.entries()) if (f !== MATCHES_NOTHING) for (const id of matches[next++]!) changes.push({ exec: i, id });
  const results = await ctxs[0]!.records.updateLocked(
    trx,
    model,
    model.main,
    rows,
    changes.map(({ exec, id }) => {
      const ctx = ctxs[exec]!;
      return { id, change: changesFor(formConf.columns, ctx), actor: ctx.actor, cause: { depth: ctx.depth + 1, executionId: String(ctx.executionId) } };
    }),
  );
  if (!results) return null;
  const done: Array<Array<{ before: Row; after: Row }>> = ctxs.map(() => []);
  for (const [j, { exec }] of changes.entries()) done[exec]!.push(results[j]!);
  return ctxs.map((_, i) =>
    filters[i] === MATCHES_NOTHING
      ? { kind: 'form', formId: model.formId, action, ids: [], note: NOTHING_MATCHED }
      : updateOutput(model, formConf.columns, done[i]!, []),
  );
}

/** 表单动作: insert, update or delete records of another form, through the records service. */
async function runAction(trx: Kysely<Database>, node: FlowNode, ctx: ActionContext): Promise<StepOutput> {
  const { action, formConf } = confOf(node);
  const model = await targetForm(node, ctx);
  if (action === 'insert') {
    const row = await ctx.records.insertOne(trx, model, model.main, insertValues(formConf.columns, ctx), ctx.actor);
    const ids = [String(row.id)];
    return { kind: 'form', formId: model.formId, action, ids, subTables: await runSubTables(trx, model, formConf.subTable, ids, ctx) };
  }
  const filter = requireFilter(filterOf(formConf.filter, model.main, ctx), '请设置主表单条件');
  if (filter === MATCHES_NOTHING) return { kind: 'form', formId: model.formId, action, ids: [], note: NOTHING_MATCHED };
  if (action === 'update') {
    const rows = await ctx.records.updateWhere(trx, model, model.main, filter, changesFor(formConf.columns, ctx), ctx.actor);
    return updateOutput(model, formConf.columns, rows, await runSubTables(trx, model, formConf.subTable, rows.map((r) => String(r.after.id)), ctx));
  }
  // Delete: the children's own entries run first, while their parents still exist.
  const targets = (await ctx.records.findWhere(trx, model.main, filter, ctx.actor)).map((r) => String(r.id));
  const subTables = await runSubTables(trx, model, formConf.subTable, targets, ctx);
  const rows = await ctx.records.deleteWhere(trx, model, model.main, filter, ctx.actor);
  return { kind: 'form', formId: model.formId, action, ids: rows.map((r) => String(r.id)), subTables };
}

async function planAction(db: Kysely<Database>, node: FlowNode, ctx: ActionContext): Promise<StepOutput> {
  const { action, formConf } = confOf(node);
  const model = await targetForm(node, ctx);
  if (action === 'insert') {
    const values = insertValues(formConf.columns, ctx);
    // Checked as the real insert will be, so a value the form refuses shows up in the dry run.
    ctx.records.check(model.main, values, ctx.actor);
    return { kind: 'form', formId: model.formId, formName: model.formName, action, values };
  }
  const filter = requireFilter(filterOf(formConf.filter, model.main, ctx), '请设置主表单条件');
  if (filter === MATCHES_NOTHING) return { kind: 'form', formId: model.formId, formName: model.formName, action, matched: [] };
  const rows = await ctx.records.findWhere(db, model.main, filter, ctx.actor);
  if (action === 'delete') return { kind: 'form', formId: model.formId, formName: model.formName, action, matched: rows.map((r) => String(r.id)) };
  const changes = changesFor(formConf.columns, ctx);
  return {
    kind: 'form',
    formId: model.formId,
    formName: model.formName,
    action,
    matched: rows.map((r) => ({ id: String(r.id), before: Object.fromEntries(Object.keys(changes(r)).map((k) => [k, r[k] ?? null])), after: changes(r) })),
  };
}

export const formTaskRunner: ActionRunner = {
  async run(trx, node, given) {
    const { ctx, report } = watchSkips(given);
    return report(await runAction(trx, node, ctx));
  },

  async plan(db, node, given) {
    const { ctx, report } = watchSkips(given);
    return report(await planAction(db, node, ctx));
  },

  runGroup: updateGroup,

  writesForms: (node) => {
    const id = confOf(node).formConf.formId;
    return id === undefined || id === null || id === '' ? [] : [String(id)];
  },
  checkForms: checkFormTaskForms,
};
