import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { DATA_CONTROL_TEXT, dataControlProblem, type DataControlColumn, type DataControlInput } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { allows, isParkUser } from '../../plugins/authContext.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { fetchSourceRows, forgetSource } from './fetchSource.ts';
import { deleteDataControls, findDataControl, insertDataControl, listDataControls, updateDataControl, type DataControlValues } from './repo.ts';

/** The 高级控件数据源 screen's code; designers read the list to choose a source for a picker. */
export const DATA_CONTROLS_PERMISSION = 'system:dataControls';
const READERS = [DATA_CONTROLS_PERMISSION, 'form:design'];
const MODULE = '高级控件数据源';

const Id = Type.String({ pattern: '^[0-9]{1,15}$' });
const Text = Type.Optional(Type.String({ maxLength: 500 }));
const Body = Type.Object(
  {
    id: Type.Optional(Type.Union([Id, Type.Integer({ minimum: 1 })])),
    title: Text,
    type: Type.Optional(Type.Union([Type.String({ maxLength: 2 }), Type.Integer()])),
    valueKey: Text,
    valueDesc: Text,
    labelKey: Text,
    labelDesc: Text,
    url: Text,
    columns: Type.Optional(Type.Array(Type.Object({ model: Type.String({ maxLength: 64 }), name: Type.String({ maxLength: 100 }) }), { maxItems: 50 })),
  },
  // The original's FORM body flattens the mappings as columns[i].model / columns[i].name.
  { additionalProperties: Type.String({ maxLength: 200 }), maxProperties: 120 },
);
const DeleteQuery = Type.Object({ ids: Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' }) });
const DataQuery = Type.Object({
  pageNum: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,6}$' })])),
  pageSize: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.String({ pattern: '^[0-9]{1,3}$' })])),
  condition: Type.Optional(Type.String({ maxLength: 100 })),
});

/** columns[] as JSON, or the original's flattened FORM keys. */
function columnsOf(body: Record<string, unknown>): DataControlColumn[] {
  if (Array.isArray(body.columns)) return body.columns as DataControlColumn[];
  const byIndex = new Map<number, Partial<DataControlColumn>>();
  for (const [k, v] of Object.entries(body)) {
    const m = /^columns\[(\d{1,2})\]\.(model|name)$/.exec(k);
    if (!m || typeof v !== 'string') continue;
    const at = byIndex.get(Number(m[1])) ?? {};
    at[m[2] as 'model' | 'name'] = v;
    byIndex.set(Number(m[1]), at);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, c]) => ({ model: c.model ?? '', name: c.name ?? '' }));
}

function valuesOf(body: Record<string, unknown>): DataControlValues {
  const s = (k: string) => (typeof body[k] === 'string' || typeof body[k] === 'number' ? String(body[k]).trim() : '');
  const input: DataControlInput = {
    title: s('title'),
    type: s('type'),
    valueKey: s('valueKey'),
    valueDesc: s('valueDesc'),
    labelKey: s('labelKey'),
    labelDesc: s('labelDesc'),
    url: s('url'),
    columns: columnsOf(body).map((c) => ({ model: c.model.trim(), name: c.name.trim() })),
  };
  const problem = dataControlProblem(input);
  if (problem) throw badRequest(problem[1]);
  return {
    title: input.title,
    type: input.type,
    value_key: input.valueKey,
    value_desc: input.valueDesc,
    label_key: input.labelKey,
    label_desc: input.labelDesc,
    url: input.url,
    columns: input.columns,
  };
}

const shape = (r: Awaited<ReturnType<typeof listDataControls>>[number]) => ({
  id: Number(r.id),
  title: r.title,
  type: r.type,
  valueKey: r.value_key,
  valueDesc: r.value_desc,
  labelKey: r.label_key,
  labelDesc: r.label_desc,
  url: r.url,
  columns: r.columns,
});

/** The sources are the park's rows, read by every picker: a tenant never writes them. */
const parkOnly = (request: FastifyRequest) => {
  if (!isParkUser(authOf(request))) throw forbidden();
};

const needs = (request: FastifyRequest, codes: string[]) => {
  if (!codes.some((c) => allows(authOf(request).permissions, c))) throw forbidden();
};

/*
 * 高级控件数据源 (screens-round3 §5.4): the catalogue's four calls, and the read a picker makes of one
 * (its remoteUrl, dataControlFetchPath): the source fetched by the server, allow-listed and cached.
 */
export function dataControlRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/dataControls/queryAllDataControls', async (request) => {
    needs(request, READERS);
    return { errCode: 0, datas: (await listDataControls(db)).map(shape) };
  });

  const save = (path: string, action: string, update: boolean) =>
    app.post(path, { schema: { body: Body }, config: { permission: DATA_CONTROLS_PERMISSION, audit: { module: MODULE, action } } }, async (request) => {
      parkOnly(request);
      const body = request.body as Record<string, unknown>;
      const values = valuesOf(body);
      const id = await db.transaction().execute(async (trx) => {
        let target: string;
        if (update) {
          target = String(body.id ?? '');
          if (!/^\d+$/.test(target) || !(await updateDataControl(trx, target, values))) throw notFound('数据源不存在或已被删除');
        } else target = await insertDataControl(trx, values);
        await writeAudit(trx, request, { module: MODULE, action, targetType: 'sys_data_control', targetId: target, detail: { title: values.title, url: values.url } });
        return target;
      });
      forgetSource(id);
      return { errCode: 0, errMsg: DATA_CONTROL_TEXT.saved, id: Number(id) };
    });
  save('/api/dataControls/addDataControls', '新增数据源', false);
  save('/api/dataControls/updateDataControls', '修改数据源', true);

  app.get(
    '/api/dataControls/deleteDataControls',
    { schema: { querystring: DeleteQuery }, config: { permission: DATA_CONTROLS_PERMISSION, mutates: true, audit: { module: MODULE, action: '删除数据源' } } },
    async (request) => {
      parkOnly(request);
      const ids = [...new Set((request.query as Static<typeof DeleteQuery>).ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw badRequest(DATA_CONTROL_TEXT.chooseFirst);
      await db.transaction().execute(async (trx) => {
        await deleteDataControls(trx, ids);
        await writeAudit(trx, request, { module: MODULE, action: '删除数据源', targetType: 'sys_data_control', targetId: ids.join(','), detail: { ids } });
      });
      ids.forEach(forgetSource);
      return { errCode: 0, errMsg: DATA_CONTROL_TEXT.deleted };
    },
  );

  // A form filler's picker reads it (any signed-in user): only the saved source's address is fetched.
  const read = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const q = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) } as Static<typeof DataQuery>;
    const source = await findDataControl(db, id);
    if (!source) throw notFound('数据源不存在或已被删除');
    const rows = await fetchSourceRows(ctx.reports.policy, id, source.url);
    const cond = (q.condition ?? '').trim();
    const hits = cond ? rows.filter((r) => [source.label_key, source.value_key].some((k) => String(r[k] ?? '').includes(cond))) : rows;
    const pageNum = Number(q.pageNum ?? 1);
    const pageSize = Number(q.pageSize ?? 10);
    const desc: Record<string, string> = source.columns.length
      ? Object.fromEntries(source.columns.map((c) => [c.model, c.name]))
      : { [source.label_key]: source.label_desc, [source.value_key]: source.value_desc };
    return { errCode: 0, datas: hits.slice((pageNum - 1) * pageSize, pageNum * pageSize), totalCount: hits.length, desc };
  };
  const params = Type.Object({ id: Id });
  app.get('/api/dataControls/queryDataControlData/:id', { schema: { params, querystring: DataQuery } }, read);
  app.post('/api/dataControls/queryDataControlData/:id', { schema: { params, body: Type.Optional(DataQuery) } }, read);
}
