import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import {
  definitionOf,
  flattenControls,
  parseFormMeta,
  subTableChildren,
  subTablesOf,
  type FormMeta,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { storageLayoutOf } from './formLifecycle.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { formTable, parseFormId } from './tableNames.ts';
import { planFormTables } from './tableSync.ts';
import { checkedDesign } from './formDesign.service.ts';
import { findForm } from './formConf.repo.ts';
import { planSearchIndexes } from './list/searchIndexKeeper.ts';
import { searchIndexChanges } from './list/searchIndexPreview.ts';

const PreviewBody = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  formMeta: Type.Unknown(),
});

export interface ColumnChange {
  table: string;
  /** 主表, or the sub-table's display name. */
  tableName: string;
  column: string;
  /** The control that owns (or, for a kept column, owned) the column, by its display name. */
  control: string;
}

/** Column name to control name (`table.column` keys), and table to its name (`table` keys). */
function owners(formId: string, meta: FormMeta | null): Map<string, string> {
  const out = new Map<string, string>([[formTable(formId), '主表']]);
  if (!meta) return out;
  const add = (table: string, controls: ReturnType<typeof flattenControls>) => {
    for (const control of controls) {
      const name = typeof control.name === 'string' ? control.name : String(control.model ?? '');
      for (const column of definitionOf(control)?.columns(control) ?? [])
        out.set(`${table}.${column.name}`, name);
    }
  };
  add(formTable(formId), flattenControls(meta));
  for (const table of subTablesOf(meta)) {
    const subKey = typeof table.model === 'string' ? table.model.trim() : '';
    if (!subKey) continue;
    out.set(
      `${formTable(formId)}__${subKey}`,
      `子表单 ${typeof table.name === 'string' ? table.name : subKey}`,
    );
    add(`${formTable(formId)}__${subKey}`, flattenControls(subTableChildren(table)));
  }
  return out;
}

function change(qualified: string, ...namings: Map<string, string>[]): ColumnChange {
  const dot = qualified.lastIndexOf('.');
  const table = qualified.slice(0, dot);
  const named = (key: string) => namings.map((m) => m.get(key)).find(Boolean) ?? '';
  return {
    table,
    tableName: named(table) || table,
    column: qualified.slice(dot + 1),
    control: named(qualified),
  };
}

/**
 * POST /api/form/saveformdesign/preview: what 发布 would do to the form's tables, without doing
 * it: the columns it adds and the columns it keeps although their controls are gone (DESIGN §4:
 * never dropped). The same checks as saveformdesign, so a design refused here is refused there.
 */
export function designPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  /* The designer opens forms that have no design yet, which getbyid answers with 404. */
  app.get('/api/form/design/:formId', { config: { permission: FORM_DESIGN_PERMISSION } }, async (request) => {
    const formId = parseFormId((request.params as { formId: string }).formId);
    const row = await findForm(ctx.db, formId);
    if (!row) throw notFound('表单不存在');
    return {
      errCode: 0,
      formId: Number(row.id),
      formName: row.form_name,
      status: row.status,
      designVersion: row.design_version,
      formMeta: row.form_meta,
    };
  });

  app.post(
    '/api/form/saveformdesign/preview',
    { schema: { body: PreviewBody }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const body = request.body as Static<typeof PreviewBody>;
      const formId = parseFormId(body.formId);
      const parsed = checkedDesign(body.formMeta);
      const conf = await findForm(ctx.db, formId);
      if (!conf) throw notFound('表单不存在');
      const published = conf.form_meta === null ? null : parseFormMeta(conf.form_meta);
      const before = owners(formId, published?.ok ? published.meta : null);
      const after = owners(formId, parsed.meta);
      const plan = await planFormTables(
        ctx.db as unknown as Kysely<unknown>,
        formId,
        storageLayoutOf(parsed.meta),
      );
      const indexes = await planSearchIndexes(ctx.db, formId, parsed.meta);
      return {
        errCode: 0,
        searchIndexes: searchIndexChanges(formId, indexes, published?.ok ? published.meta : null, (q) => after.get(q) ?? before.get(q) ?? ''),
        createdTables: plan.createdTables,
        addedColumns: plan.addedColumns.map((c) => change(c, after)),
        keptColumns: plan.keptColumns.map((c) => change(c, before, after)),
        keptTables: plan.keptTables,
        keptTypes: plan.keptTypes.map((c) => change(c, after)),
      };
    },
  );
}
