import type { AppContext } from '../../context.ts';
import { Datasets } from './datasets.ts';
import { ReportDatasources } from './reportDatasources.ts';
import { ReportEngine } from './query/engine.ts';
import { SoloRule } from './query/solo.ts';

/** The report module's services, made once by bootstrap.ts (ctx.reportServices; the engine holds the result cache). */
export interface ReportServices {
  sources: ReportDatasources;
  datasets: Datasets;
  engine: ReportEngine;
}

/** What the services are built from: the report resources and the form module's designs. */
export type ReportDeps = Pick<AppContext, 'config' | 'db' | 'forms' | 'reports'>;

export function reportServices(ctx: ReportDeps): ReportServices {
  const r = ctx.reports;
  const timeout = ctx.config.report.statementTimeoutMs;
  const sources = new ReportDatasources(ctx.db, r.connections, r.policy, r.secrets, timeout);
  const datasets = new Datasets(ctx, sources, timeout);
  const s = ctx.config.report;
  const solo = new SoloRule(r.connections.solo, s.soloQuietMs);
  const engine = new ReportEngine(datasets, r.limiter, s.cacheEntries, timeout, solo);
  return { sources, datasets, engine };
}

/** The report services are part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    reportServices: ReportServices;
  }
}
