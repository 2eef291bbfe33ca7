/**
 * The list page's V2 layout on the server (issue 27): which table widget a data call names, what
 * that widget adds to the query (fixed filters and sort), and saving a layout from the original
 * client's 高级设置 page. The query itself is listFormData's, the same as queryFormDataByConditions'.
 */
import type { FastifyRequest } from 'fastify';
import {
  checkSensorSettingsV2,
  columnKeysOfV2,
  isDerivedV2,
  parseConditions,
  ConditionError,
  tableWidgetQuery,
  v2Widgets,
  widgetTypeOf,
  withSensorSettingsV2,
  type FormMeta,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { announceFormChange, type FormModel, type TableModel } from './formModel.ts';
import type { FormListInput } from './listQuery.ts';
import { searchIndexKeeper } from './list/searchIndexKeeper.ts';

type Json = Record<string, unknown>;

/** A saved layout is user-designed JSON; this bounds what one save may hold. */
const MAX_V2_BYTES = 1024 * 1024;

const WITH_V2 = new WeakMap<FormModel, FormMeta>();

/**
 * The design with its V2 layout in place (designs saved before issue 27 get theirs derived). A
 * cached model is never changed, only replaced, so its layout is worked out once.
 */
export function metaWithV2(model: FormModel): FormMeta {
  let meta = WITH_V2.get(model);
  if (!meta) WITH_V2.set(model, (meta = withSensorSettingsV2(model.meta)));
  return meta;
}

/**
 * The table widget a call names by `widgetId`; empty or 0 means the first table widget (the
 * original client sends 0 before it knows the id). An id that names nothing is refused rather
 * than answered with another widget's rows.
 */
export function tableWidgetById(meta: FormMeta, widgetId: unknown): Json | null {
  const tables = v2Widgets(meta.sensorSettingsV2).filter((w) => widgetTypeOf(w) === 'tableReportWidget');
  const id = widgetId === undefined || widgetId === null ? '' : String(widgetId).trim();
  if (id === '' || id === '0') return tables[0] ?? null;
  const named = tables.find((w) => String(w.id ?? '').trim() === id);
  if (!named) throw notFound(`表格控件不存在: ${id.slice(0, 32)}`);
  return named;
}

function asList(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === '') return [];
  return Array.isArray(raw) ? raw : [raw];
}

export interface V2DataBody {
  formId?: unknown;
  pageNum: number;
  pageSize: number;
  queryConditions?: unknown;
  sort?: unknown;
}

/**
 * The list query of a V2 data call: the caller's conditions and the widget's fixed filters must all
 * hold; the caller's sort (a clicked column) wins over the widget's.
 */
export function v2ListInput(body: V2DataBody, widget: Json | null): FormListInput {
  const { condFilters, querySort } = tableWidgetQuery(widget);
  const conditions = [...asList(body.queryConditions), ...condFilters];
  const sort = asList(body.sort).length > 0 ? body.sort : querySort.length > 0 ? querySort : undefined;
  return {
    formId: body.formId,
    pageNum: body.pageNum,
    pageSize: body.pageSize,
    ...(conditions.length > 0 ? { queryConditions: conditions } : {}),
    ...(sort !== undefined ? { sort } : {}),
  };
}

/** A layout sent as an object or as JSON text (the original client's formMeta habit). */
function parseLayout(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('高级设置不是有效的JSON');
  }
}

/** Every column a layout names must be a column of the form's main table; its fixed filters must parse. */
function checkColumns(layout: unknown, table: TableModel): void {
  const problems = checkSensorSettingsV2(layout);
  for (const { key, where } of columnKeysOfV2(layout)) {
    if (!table.queryColumns.has(key)) problems.push({ path: where, message: `${where}「${key.slice(0, 64)}」不是表单的字段` });
  }
  for (const w of v2Widgets(layout)) {
    if (widgetTypeOf(w) !== 'tableReportWidget') continue;
    try {
      parseConditions(tableWidgetQuery(w).condFilters, table.queryColumns);
    } catch (err) {
      if (!(err instanceof ConditionError)) throw err;
      problems.push({ path: 'condFilters', message: `表格的过滤条件：${err.message}` });
    }
  }
  if (problems.length > 0) throw new AppError(400, problems[0]!.message, 400, problems);
}

/**
 * Saves (or, with null, removes) a form's V2 layout. Removing it brings back the layout derived
 * from the designer's sensorSettings.
 */
export async function saveSensorSettingsV2(ctx: AppContext, request: FastifyRequest, model: FormModel, raw: unknown): Promise<void> {
  const layout = parseLayout(raw);
  if (layout !== null && layout !== undefined) {
    if (JSON.stringify(layout).length > MAX_V2_BYTES) throw new AppError(413, '高级设置过大');
    if (isDerivedV2(layout)) throw badRequest('高级设置格式不正确');
    checkColumns(layout, model.main);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const conf = await trx.selectFrom('form_conf').select(['form_meta']).where('id', '=', model.formId).forUpdate().executeTakeFirst();
    if (!conf || conf.form_meta === null) throw notFound('表单不存在');
    const meta = { ...(conf.form_meta as FormMeta) };
    if (layout === null || layout === undefined) delete meta.sensorSettingsV2;
    else meta.sensorSettingsV2 = layout as FormMeta['sensorSettingsV2'];
    const next = withSensorSettingsV2(meta);
    await trx
      .updateTable('form_conf')
      .set({ form_meta: JSON.stringify(next), update_time: new Date() })
      .where('id', '=', model.formId)
      .execute();
    await announceFormChange(trx, ctx.events, ctx.forms, model.formId);
    await writeAudit(trx, request, {
      action: layout ? '保存高级设置' : '清除高级设置',
      targetType: 'form',
      targetId: model.formId,
      detail: { previous: conf.form_meta && (conf.form_meta as FormMeta).sensorSettingsV2 },
    });
  });
  ctx.forms.forget(model.formId);
  // Fixed `$like` filters of the layout's table widgets get their search indexes (issue 16).
  void searchIndexKeeper(ctx.db).schedule(model.formId, request.log);
}
