import { DatasetError, parseDsMeta, parseExpress, type DataScope, type DsColumn, type DsMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { describeTable, resolveFormTable } from '../form/index.ts';
import type { ReportDatasources } from './reportDatasources.ts';
import { describeSourceError, within } from './reportDatasources.ts';
import type { DatasetPlan } from './query/plan.ts';
import { Coalescer } from './query/coalesce.ts';
import { datasetSnapshot, findDataset, updateDataset, type ReportDatasourceRow } from './repo.ts';
import { bindExternalDataset, listColumns, listTables, type SourceColumn } from './sources/external.ts';
import { bindPlatformDataset, dataTypeOf, formTablesOf } from './sources/platform.ts';

export const DATASET_NOT_FOUND = '数据集不存在';
const METADATA_WAIT_MS = 10_000;
/** External results are kept this long (the source cannot say when it changed). */
const EXTERNAL_CACHE_MS = 60_000;

export interface DatasetRecord {
  id: string;
  name: string;
  datasourceId: string;
  version: number;
  meta: DsMeta;
  /** The form a platform dataset reads (null for external datasets). */
  formId: string | null;
}

export interface DatasetSnapshot {
  rec: DatasetRecord;
  ds: ReportDatasourceRow;
  /** Changes whenever the results over this dataset may change (see ResultCache). */
  stamp: string;
}

/** Datasets: checked against their source when saved, bound to it for each query. */
export class Datasets {
  /** Parsed dataset rows by id; a row is read again when its version moves. */
  private readonly records = new Map<string, DatasetRecord>();
  private readonly datasources = new Map<string, ReportDatasourceRow>();
  private readonly snapshots: Coalescer<Awaited<ReturnType<typeof datasetSnapshot>>>;
  /** The form design version each dataset was last checked against (see followDesign). */
  private readonly checkedDesign = new Map<string, number>();
  private readonly syncs = new Coalescer<boolean>();

  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'db' | 'forms'>,
    private readonly sources: ReportDatasources,
    private readonly timeoutMs: number,
  ) {
    this.snapshots = new Coalescer(ctx.config.report.stampMaxAgeMs);
  }

  async load(id: string): Promise<DatasetRecord> {
    const row = /^\d{1,18}$/.test(id) ? await findDataset(this.ctx.db, id) : undefined;
    if (!row) throw notFound(DATASET_NOT_FOUND);
    return { id: row.id, name: row.name, datasourceId: row.datasource_id, version: row.version, meta: row.ds_meta as DsMeta, formId: row.form_id };
  }

  private external<T>(p: Promise<T>): Promise<T> {
    return within(p, METADATA_WAIT_MS).catch((err: unknown) => {
      throw describeSourceError(err, this.timeoutMs);
    });
  }

  /** queryTable: forms by their Chinese names (sub-tables after their form), or an external server's tables. */
  async tables(ds: ReportDatasourceRow): Promise<Array<{ tableName: string; tableDesc: string }>> {
    if (!ds.built_in) return this.external(this.sources.dbOf(ds).then((db) => listTables(db, this.sources.engineOf(ds))));
    const forms = await this.ctx.db
      .selectFrom('form_conf')
      .select(['id', 'form_name'])
      .where('form_meta', 'is not', null)
      .orderBy('id')
      .limit(500)
      .execute();
    const out: Array<{ tableName: string; tableDesc: string }> = [];
    for (const f of forms) {
      const model = await this.ctx.forms.load(this.ctx.db, f.id);
      out.push({ tableName: model.main.table, tableDesc: model.formName });
      for (const sub of model.subs.values()) out.push({ tableName: sub.table, tableDesc: `${model.formName}-${sub.name}` });
    }
    return out;
  }

  /** queryTableDesc: a table's columns with labels and the dataset type each one gets. */
  async columns(ds: ReportDatasourceRow, tableName: string): Promise<SourceColumn[]> {
    if (!ds.built_in) return this.external(this.sources.dbOf(ds).then((db) => listColumns(db, this.sources.engineOf(ds), tableName)));
    const { table } = await resolveFormTable(this.ctx, tableName);
    // A label used twice (a control named like a system column, 所属企业) says which column it is.
    const seen = new Set<string>();
    return describeTable(table).map((c) => {
      const columnDesc = seen.has(c.columnDesc) ? `${c.columnDesc}（${c.columnName}）` : c.columnDesc;
      seen.add(c.columnDesc);
      return { ...c, columnDesc, dataType: dataTypeOf(table.queryColumns.get(c.columnName)!) };
    });
  }

  /**
   * A dsMeta checked against its source: every table and column must exist there; types come from
   * the source, not from the client; calculated fields must compile. Returns the meta to store.
   */
  async check(ds: ReportDatasourceRow, raw: unknown, sync = false): Promise<{ meta: DsMeta; formId: string | null; removed: DsColumn[] }> {
    let meta: DsMeta;
    try {
      meta = parseDsMeta(raw);
    } catch (err) {
      if (err instanceof DatasetError) throw badRequest(err.message);
      throw err;
    }
    let formId: string | null = null;
    const byTable = new Map<string, Map<string, SourceColumn>>();
    if (ds.built_in) formId = (await formTablesOf(this.ctx, meta)).main.model.formId;
    for (const t of new Set([...meta.dim, ...meta.measure].map((c) => c.table))) {
      byTable.set(t, new Map((await this.columns(ds, t)).map((c) => [c.columnName, c])));
    }
    const removed: DsColumn[] = [];
    const fix = (list: DsColumn[]) =>
      list.flatMap((c): DsColumn[] => {
        const cols = byTable.get(c.table)!;
        if (c.express) {
          try {
            parseExpress(c, (name) => (cols.has(name) ? cols.get(name)!.dataType === 'Number' : undefined));
          } catch (err) {
            if (err instanceof DatasetError) throw badRequest(err.message);
            throw err;
          }
          return [{ ...c, dataType: 'Number' }];
        }
        const src = cols.get(c.column);
        if (!src) {
          removed.push(c);
          return [];
        }
        // On save the client's description stands (it came from the source); a sync takes the label the form has now.
        return [{ ...c, dataType: src.dataType, desc: !sync && c.desc && c.desc !== c.column ? c.desc : src.columnDesc }];
      });
    const out = { dim: fix(meta.dim), measure: fix(meta.measure) };
    return { meta: out, formId, removed };
  }

  /**
   * A dataset for a query: one round trip when nothing changed (the version and the data stamp),
   * the row itself and its datasource only when its version moved.
   */
  async snapshot(id: string): Promise<DatasetSnapshot> {
    if (!/^\d{1,18}$/.test(id)) throw notFound(DATASET_NOT_FOUND);
    const read = () => this.snapshots.run(id, () => datasetSnapshot(this.ctx.db, id));
    let s = await read();
    // A kept snapshot is not trusted past a design change this instance knows of (its form model was dropped).
    const formId = this.records.get(id)?.formId;
    if (s && s.design_version !== null && formId && (await this.ctx.forms.load(this.ctx.db, formId).catch(() => null))?.designVersion !== s.design_version) {
      this.snapshots.forget(id);
      s = await read();
    }
    if (!s) throw notFound(DATASET_NOT_FOUND);
    if (s.design_version !== null && this.checkedDesign.get(id) !== s.design_version) {
      const synced = await this.syncs.run(id, () => this.followDesign(id, s.design_version!));
      if (synced) return this.snapshot(id);
    }
    let rec = this.records.get(id);
    if (!rec || rec.version !== s.version) {
      rec = await this.load(id);
      this.records.set(id, rec);
      this.datasources.delete(rec.datasourceId);
    }
    let ds = this.datasources.get(rec.datasourceId);
    if (!ds || ds.update_time.getTime() !== s.ds_update.getTime()) {
      ds = await this.sources.load(rec.datasourceId);
      this.datasources.set(ds.id, ds);
    }
    // External sources cannot say when they changed: their results live EXTERNAL_CACHE_MS.
    const data = ds.built_in ? `${s.design_version ?? 0}:${s.last_event ?? 0}` : `${ds.update_time.getTime()}:${Math.floor(Date.now() / EXTERNAL_CACHE_MS)}`;
    return { rec, ds, stamp: `${rec.version}:${data}` };
  }

  /**
   * syncDataSetStructure on its own: the first query after the dataset's form got a new design
   * reads the form's labels and types again and drops vanished columns, as the explicit call does
   * (a new dataset version when anything changed). True when the dataset was rewritten.
   */
  private async followDesign(id: string, designVersion: number): Promise<boolean> {
    try {
      const rec = await this.load(id);
      const ds = await this.sources.load(rec.datasourceId);
      const { meta } = await this.check(ds, rec.meta, true);
      this.checkedDesign.set(id, designVersion);
      if (JSON.stringify(meta) === JSON.stringify(rec.meta)) return false;
      await this.bumpVersion(id, meta);
      return true;
    } catch {
      // A form that cannot be read now: the query says why; the next design change tries again.
      this.checkedDesign.set(id, designVersion);
      return false;
    }
  }

  /** A dataset saved on this instance: its next call reads the new version at once. */
  forgetDataset(id: string): void {
    this.snapshots.forget(id);
  }

  /** A datasource changed or went: the next snapshot reads it again. */
  forgetDatasource(id: string): void {
    this.datasources.delete(id);
  }

  /** The dataset bound to its source for this caller, reading with the data scope `grant`. */
  async bind(auth: AuthContext, grant: DataScope, snap: DatasetSnapshot): Promise<DatasetPlan> {
    const { rec, ds } = snap;
    const row = { id: rec.id, version: rec.version, meta: rec.meta };
    if (ds.built_in) return bindPlatformDataset(this.ctx, await this.sources.dbOf(ds), auth, grant, row);
    const db = await this.sources.dbOf(ds).catch((err: unknown) => {
      throw describeSourceError(err, this.timeoutMs);
    });
    return bindExternalDataset(db, this.sources.engineOf(ds), row);
  }

  /** Datasets over a form: those to check again when its design changes (syncDataSetStructure). */
  async idsOverForm(formId: string): Promise<string[]> {
    const rows = await this.ctx.db.selectFrom('report_dataset').select('id').where('form_id', '=', formId).execute();
    return rows.map((r) => r.id);
  }

  async bumpVersion(id: string, meta: DsMeta): Promise<void> {
    await updateDataset(this.ctx.db, id, { ds_meta: JSON.stringify(meta) });
    this.forgetDataset(id);
  }
}
