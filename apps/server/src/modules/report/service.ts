import type { AppContext } from '../../context.ts';
import { Datasets } from './datasets.ts';
import { ReportDatasources } from './reportDatasources.ts';
import { ReportEngine } from './query/engine.ts';
import { SoloRule } from './query/solo.ts';

/** The report module's services for one app instance (the engine holds the result cache). */
export interface ReportServices {
  sources: ReportDatasources;
  datasets: Datasets;
  engine: ReportEngine;
}

export function reportServices(ctx: AppContext): ReportServices {
  const r = ctx.reports;
  const timeout = ctx.config.report.statementTimeoutMs;
  const sources = new ReportDatasources(ctx.db, r.connections, r.policy, r.secrets, timeout);
  const datasets = new Datasets(ctx, sources, timeout);
  const s = ctx.config.report;
  const solo = new SoloRule(r.connections.solo, s.soloQuietMs);
  const engine = new ReportEngine(datasets, r.limiter, s.cacheEntries, timeout, solo);
  return { sources, datasets, engine };
}
