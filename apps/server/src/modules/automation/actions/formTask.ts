import type { Kysely } from 'kysely';
import {
  applyCalculation,
  columnValue,
  filterCondition,
  formatDateTime,
  MATCHES_NOTHING,
  type ColumnConf,
  type Condition,
  type FilterItem,
  type FlowNode,
  type FormTaskConf,
  type SubTableConf,
} from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { FormModel, TableModel } from '../../form/formModel.ts';
import { subModel } from '../../form/formModel.ts';
import { prepareRow } from '../../form/recordWriter.ts';
import { deleteWhere, findWhere, insertOne, updateWhere } from '../../form/recordService.ts';
import type { Row } from '../../form/recordStore.ts';
import { FlowFailure } from '../errors.ts';
import type { ActionContext, ActionRunner, StepOutput } from './types.ts';

type Filter = Condition | null | typeof MATCHES_NOTHING;

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
      for (const parentId of parentIds) ids.push(String((await insertOne(trx, model, table, insertValues(entry.columns, ctx), ctx.actor, parentId)).id));
      out.push({ subKey: entry.key, operate: 'insert', ids });
      continue;
    }
    const filter = requireFilter(filterOf(entry.filter, table, ctx), '请设置子表单条件');
    if (filter === MATCHES_NOTHING) {
      out.push({ subKey: entry.key, operate: entry.operate, ids: [] });
    } else if (entry.operate === 'update') {
      const rows = await updateWhere(trx, model, table, filter, changesFor(entry.columns, ctx), ctx.actor, parentIds);
      out.push({ subKey: entry.key, operate: 'update', ids: rows.map((r) => String(r.after.id)) });
    } else {
      const rows = await deleteWhere(trx, model, table, filter, ctx.actor, parentIds);
      out.push({ subKey: entry.key, operate: 'delete', ids: rows.map((r) => String(r.id)) });
    }
  }
  return out;
}

/** 表单动作: insert, update or delete records of another form, through the records service. */
export const formTaskRunner: ActionRunner = {
  async run(trx, node, ctx) {
    const { action, formConf } = confOf(node);
    const model = await targetForm(node, ctx);
    if (action === 'insert') {
      const row = await insertOne(trx, model, model.main, insertValues(formConf.columns, ctx), ctx.actor);
      const ids = [String(row.id)];
      return { kind: 'form', formId: model.formId, action, ids, subTables: await runSubTables(trx, model, formConf.subTable, ids, ctx) };
    }
    const filter = requireFilter(filterOf(formConf.filter, model.main, ctx), '请设置主表单条件');
    if (filter === MATCHES_NOTHING) return { kind: 'form', formId: model.formId, action, ids: [], note: '条件中的变量为空，未匹配任何数据' };
    if (action === 'update') {
      const rows = await updateWhere(trx, model, model.main, filter, changesFor(formConf.columns, ctx), ctx.actor);
      const ids = rows.map((r) => String(r.after.id));
      const changes = rows.slice(0, 20).map((r) => Object.fromEntries((formConf.columns ?? []).map((c) => [c.model, { before: r.before[c.model] ?? null, after: r.after[c.model] ?? null }])));
      return { kind: 'form', formId: model.formId, action, ids, changes, subTables: await runSubTables(trx, model, formConf.subTable, ids, ctx) };
    }
    // Delete: the children's own entries run first, while their parents still exist.
    const targets = (await findWhere(trx, model.main, filter, ctx.actor)).map((r) => String(r.id));
    const subTables = await runSubTables(trx, model, formConf.subTable, targets, ctx);
    const rows = await deleteWhere(trx, model, model.main, filter, ctx.actor);
    return { kind: 'form', formId: model.formId, action, ids: rows.map((r) => String(r.id)), subTables };
  },

  async plan(db, node, ctx) {
    const { action, formConf } = confOf(node);
    const model = await targetForm(node, ctx);
    if (action === 'insert') {
      const values = insertValues(formConf.columns, ctx);
      // Checked as the real insert will be, so a value the form refuses shows up in the dry run.
      prepareRow(model.main, values, { auth: ctx.actor.auth, currentDate: formatDateTime(new Date()) });
      return { kind: 'form', formId: model.formId, formName: model.formName, action, values };
    }
    const filter = requireFilter(filterOf(formConf.filter, model.main, ctx), '请设置主表单条件');
    if (filter === MATCHES_NOTHING) return { kind: 'form', formId: model.formId, formName: model.formName, action, matched: [] };
    const rows = await findWhere(db, model.main, filter, ctx.actor);
    if (action === 'delete') return { kind: 'form', formId: model.formId, formName: model.formName, action, matched: rows.map((r) => String(r.id)) };
    const changes = changesFor(formConf.columns, ctx);
    return {
      kind: 'form',
      formId: model.formId,
      formName: model.formName,
      action,
      matched: rows.map((r) => ({ id: String(r.id), before: Object.fromEntries(Object.keys(changes(r)).map((k) => [k, r[k] ?? null])), after: changes(r) })),
    };
  },

  writesForms: (node) => {
    const id = confOf(node).formConf.formId;
    return id === undefined || id === null || id === '' ? [] : [String(id)];
  },
};
