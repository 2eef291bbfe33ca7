import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { DsColumn } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { argsOf } from './requestArgs.ts';
import { REPORT_DESIGN_PERMISSION } from './permissions.ts';
import { insertDataset, listDatasets, updateDataset } from './repo.ts';
import type { ReportServices } from './service.ts';
import { likeContains } from '../../plugins/scope.ts';

const Id = Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]);
const SaveBody = Type.Object({
  id: Type.Optional(Type.Union([Id, Type.Null()])),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  datasourceId: Id,
  dsMeta: Type.Unknown(),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });

/** 数据集 (spec 002 §3 Dataset; kh.config saveDataSetConf, getDataSetConfById, …); administrators only. */
export function datasetRoutes(app: FastifyInstance, ctx: AppContext, s: ReportServices): void {
  const design = { permission: REPORT_DESIGN_PERMISSION };

  const save = async (b: Static<typeof SaveBody>, userId: string) => {
    const ds = await s.sources.load(String(b.datasourceId));
    const { meta, formId, removed } = await s.datasets.check(ds, b.dsMeta);
    if (removed.length > 0) throw badRequest(`数据表中不存在字段: ${removed.map((c) => c.column).join(', ').slice(0, 200)}`);
    if (meta.dim.length + meta.measure.length === 0) throw badRequest('数据集至少需要一个维度或度量');
    const values = { name: b.name.trim(), datasource_id: ds.id, ds_meta: JSON.stringify(meta), form_id: formId };
    if (b.id !== undefined && b.id !== null && b.id !== '') {
      const old = await s.datasets.load(String(b.id));
      await updateDataset(ctx.db, old.id, values);
      s.datasets.forgetDataset(old.id);
      return old.id;
    }
    return insertDataset(ctx.db, values, userId);
  };

  for (const url of ['/api/report/dataset/save', '/api/report/dataset/create']) {
    app.post(url, { schema: { body: SaveBody }, config: design }, async (request) => {
      const id = await save(request.body as Static<typeof SaveBody>, authOf(request).userId);
      return { errCode: 0, id: Number(id) };
    });
  }

  app.get('/api/report/dataset/getconf/:id', { schema: { params: IdParams }, config: design }, async (request) => {
    const rec = await s.datasets.load((request.params as Static<typeof IdParams>).id);
    return { errCode: 0, dataSetConf: { id: Number(rec.id), name: rec.name, datasourceId: Number(rec.datasourceId), version: rec.version, dsMeta: rec.meta } };
  });

  for (const url of ['/api/report/dataset/query', '/api/report/datareport/querydataset']) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: design,
      handler: async (request) => {
        const name = String(argsOf(request).name ?? '').trim();
        const rows = await listDatasets(ctx.db, name ? likeContains(name) : null);
        return {
          errCode: 0,
          list: rows.map((r) => ({ id: Number(r.id), name: r.name, datasourceId: Number(r.datasource_id), formId: r.form_id === null ? null : Number(r.form_id), version: r.version, updateTime: r.update_time.toISOString() })),
        };
      },
    });
  }

  /** Suggested columns of a table: numbers as measures, the rest as dimensions, labels as descriptions. */
  app.route({
    method: ['GET', 'POST'],
    url: '/api/report/dataset/queryTableDimMeasure',
    config: design,
    handler: async (request) => {
      const a = argsOf(request);
      const ds = await s.sources.load(String(a.datasourceId ?? ''));
      const tbName = String(a.tbName ?? a.table ?? '');
      if (!tbName) throw badRequest('请选择数据表');
      const cols = await s.datasets.columns(ds, tbName);
      const toCol = (c: (typeof cols)[number]): DsColumn => ({
        id: `${tbName}.${c.columnName}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
        table: tbName,
        column: c.columnName,
        desc: c.columnDesc,
        dataType: c.dataType,
        alias: '',
        express: '',
      });
      const isMeasure = (c: (typeof cols)[number]) => c.dataType === 'Number' && c.columnName !== 'id' && !c.columnName.endsWith('_id') && c.columnName !== 'parent_id' && c.columnName !== 'create_by' && c.columnName !== 'update_by' && c.columnName !== 'version';
      return { errCode: 0, dim: cols.filter((c) => !isMeasure(c)).map(toCol), measure: cols.filter(isMeasure).map(toCol) };
    },
  });

  /** syncDataSetStructure: labels and types again from the form (or table); vanished columns are dropped and listed. */
  app.post('/api/report/dataset/sync', { config: design }, async (request) => {
    const a = argsOf(request);
    const ids = a.id !== undefined ? [String(a.id)] : a.formId !== undefined ? await s.datasets.idsOverForm(String(a.formId)) : [];
    if (ids.length === 0) throw badRequest('请选择要同步的数据集');
    const out: Array<{ id: number; removed: string[] }> = [];
    for (const id of ids) {
      const rec = await s.datasets.load(id);
      const ds = await s.sources.load(rec.datasourceId);
      const { meta, removed } = await s.datasets.check(ds, rec.meta, true);
      await s.datasets.bumpVersion(rec.id, meta);
      out.push({ id: Number(rec.id), removed: removed.map((c) => c.desc) });
    }
    return { errCode: 0, list: out };
  });
}
