import type { Config } from '../../config.ts';
import { QueryLimiter } from './query/limiter.ts';
import { ReportConnections } from './sources/connections.ts';
import { HostPolicy } from './sources/hostGuard.ts';
import { SecretBox } from './sources/secrets.ts';

/** What the report module keeps for the life of the process: pools, the limiter, the key, the host policy. */
export interface ReportResources {
  connections: ReportConnections;
  limiter: QueryLimiter;
  secrets: SecretBox;
  policy: HostPolicy;
  close(): Promise<void>;
}

export async function openReportResources(config: Config, databaseUrl: string): Promise<ReportResources> {
  const s = config.report;
  const connections = new ReportConnections(databaseUrl, s, config.databaseUrl === null);
  return {
    connections,
    limiter: new QueryLimiter(s.queriesPerUser, s.queriesPerServer),
    secrets: await SecretBox.open(config.dataDir, s.secret),
    policy: new HostPolicy(s.allowedHosts),
    close: () => connections.close(),
  };
}

/** The ReportResources is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    /** Report pools, limiter and datasource key (issue 21). */
    reports: ReportResources;
  }
}
