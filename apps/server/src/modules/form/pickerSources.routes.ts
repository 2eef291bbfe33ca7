import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { FormColumnsReply, MapsConfig } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import {
  checkedColumns,
  checkedCondition,
  controlByKey,
  describeTable,
  NO_DATA_CONFIG,
  queryTableColumns,
  resolveFormTable,
} from './pickerSources.ts';
import { subModel } from './formModel.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { companyOnlyScope, pickerScope } from './recordAccess.ts';
import { listRecords, presentRow } from './recordStore.ts';
import { parseFormId } from './tableNames.ts';

const Paging = {
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
};
const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const FormIdField = Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]);

const PreviewQuery = Type.Object({
  tbName: Type.String({ maxLength: 200 }),
  cols: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })])),
  cond: Text(5000),
  ...Paging,
});
const MountedQuery = Type.Object({ formId: FormIdField, fk: Type.String({ maxLength: 64 }), cond: Text(200), ...Paging });
const ChooseQuery = Type.Object({
  formId: FormIdField,
  key: Type.String({ maxLength: 64 }),
  destFormId: FormIdField,
  destSubKey: Text(63),
  condition: Text(20000),
  /** 0 a data reference (m_data_ref), 1 otherwise (sub-table batch choose). */
  keyType: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)])),
  ...Paging,
});
const DescQuery = Type.Object({ formId: FormIdField, subKey: Text(63) });
const TableDescQuery = Type.Object({ tbName: Type.String({ maxLength: 200 }) });

/** A JSON condition at design time; anything else is a keyword over the chosen text columns. */
function looksLikeJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

/**
 * Form data behind pickers (spec 000 §7, spec 001 §7): the designer's preview of a form table,
 * the runtime query of a data_select's configured source, the form-data chooser, and the column
 * descriptions the designers read.
 */
export function pickerSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/form/datasource/table/previewquerydata',
    { schema: { querystring: PreviewQuery }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const q = request.query as Static<typeof PreviewQuery>;
      const { table } = await resolveFormTable(ctx, q.tbName);
      let columns = checkedColumns(q.cols, table);
      if (columns.length === 0) columns = table.dataColumns.map((c) => c.name);
      const cond = q.cond?.trim() ?? '';
      const json = cond !== '' && looksLikeJson(cond);
      const { rows, totalCount } = await queryTableColumns(
        db,
        table,
        {
          columns,
          condition: json ? checkedCondition(cond, table) : null,
          keyword: cond !== '' && !json ? { text: cond, columns } : undefined,
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        },
        companyOnlyScope(authOf(request)),
      );
      return { errCode: 0, datas: rows.map((r) => presentRow(r, table)), totalCount };
    },
  );

  app.get(
    '/api/form/datasource/table/querydesc',
    { schema: { querystring: TableDescQuery }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request): Promise<FormColumnsReply> => {
      const { table } = await resolveFormTable(ctx, (request.query as Static<typeof TableDescQuery>).tbName);
      return { errCode: 0, colums: describeTable(table) };
    },
  );

  app.get('/api/form/datasource/table/querydata', { schema: { querystring: MountedQuery } }, async (request) => {
    const q = request.query as Static<typeof MountedQuery>;
    const model = await ctx.forms.load(db, parseFormId(q.formId));
    const maps = (controlByKey(model, q.fk).options?.maps ?? {}) as MapsConfig;
    const source = maps.source;
    if (!source?.table) throw badRequest(NO_DATA_CONFIG);
    const { model: sourceModel, table } = await resolveFormTable(ctx, source.table);
    const scope = pickerScope(request, sourceModel.formId, model.formId);
    const shown = checkedColumns(
      (source.columns ?? []).map((c) => (typeof c?.column === 'string' ? c.column : '')).filter(Boolean),
      table,
    );
    if (shown.length === 0) throw badRequest(NO_DATA_CONFIG);
    // The picker also reads its value, label and mapped columns from each row.
    const extra = [maps.key, maps.name, ...(maps.mapping ?? []).map((m) => m?.selectKey)].filter(
      (c): c is string => typeof c === 'string' && table.queryColumns.has(c),
    );
    const keyword = q.cond?.trim();
    const { rows, totalCount } = await queryTableColumns(
      db,
      table,
      {
        columns: [...new Set([...shown, ...extra])],
        keyword: keyword ? { text: keyword, columns: shown } : undefined,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      },
      scope,
    );
    return { errCode: 0, datas: rows.map((r) => presentRow(r, table)), totalCount };
  });

  app.get('/api/form/queryFormDataForChoose', { schema: { querystring: ChooseQuery } }, async (request) => {
    const q = request.query as Static<typeof ChooseQuery>;
    const model = await ctx.forms.load(db, parseFormId(q.formId));
    const control = controlByKey(model, q.key);
    const ds = control.options?.dsConf;
    if (!ds || typeof ds !== 'object') throw badRequest(NO_DATA_CONFIG);
    const destFormId = parseFormId(q.destFormId);
    const destSubKey = q.destSubKey?.trim() ?? '';
    // The chooser may only read the form (and sub-table) the control was designed to read.
    if (ds.formId !== undefined && ds.formId !== '' && String(ds.formId) !== destFormId) throw badRequest('数据来源与控件配置不一致');
    if (typeof ds.subKey === 'string' && ds.subKey !== '' && ds.subKey !== destSubKey) throw badRequest('数据来源与控件配置不一致');
    const scope = pickerScope(request, destFormId, model.formId);
    const dest = await ctx.forms.load(db, destFormId);
    const table = destSubKey ? subModel(dest, destSubKey) : dest.main;
    const result = await listRecords(
      db,
      table,
      { pageNum: q.pageNum, pageSize: q.pageSize, queryConditions: checkedConditionInput(q.condition) },
      // A sub-table's rows carry their writer's company and creator like their parent's do.
      scope,
    );
    return {
      errCode: 0,
      datas: result.rows.map((r) => presentRow(r, table)),
      totalCount: result.totalCount,
      totalCountKind: result.totalCountKind,
    };
  });

  app.get('/api/form/formtable/querydesc', { schema: { querystring: DescQuery } }, async (request): Promise<FormColumnsReply> => {
    const q = request.query as Static<typeof DescQuery>;
    const model = await ctx.forms.load(db, parseFormId(q.formId));
    const subKey = q.subKey?.trim();
    const table = subKey ? subModel(model, subKey) : model.main;
    return { errCode: 0, colums: describeTable(table) };
  });
}

/** The condition parameter is JSON text; listRecords checks its keys and match types. */
function checkedConditionInput(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('查询条件格式不正确');
  }
}
