import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Null means: start the embedded PostgreSQL in DATA_DIR/pg. */
  databaseUrl: string | null;
  dataDir: string;
  adminPassword: string | null;
  /** Idle minutes after which a session expires. */
  sessionIdleMinutes: number;
  /** Wrong passwords allowed per user name and IP within a minute before 429. */
  loginFailuresPerMinute: number;
  /** Operation-log rows older than this many days are deleted by the retention job. */
  optLogRetentionDays: number;
  /** Where built web assets live; null disables static serving (API-only tests). */
  webDist: string | null;
  /** Where the built mobile client lives (apps/mobile, served under /closed-park-web/m/, issue 37); null: not served. */
  mobileDist: string | null;
  logLevel: string;
  /** Set behind a TLS-terminating proxy so the session cookie is Secure. */
  secureCookies: boolean;
  /** OIDC_ISSUER: the address sub-systems know the platform's OpenID provider by (issue 40); empty: http://localhost:PORT/closed-park-web/oidc. */
  oidcIssuer: string;
  /** The largest upload accepted, in MB, whatever a form field allows. */
  maxUploadMb: number;
  /**
   * LibreOffice for office previews: a path to `soffice`, `none` to turn conversion off, or null to
   * look for soffice/libreoffice on PATH.
   */
  soffice: string | null;
  /**
   * PDF_FONT: the CJK font printed PDFs embed (QR sheets), as `path` or `path#PostScriptName` for a
   * collection (.ttc); null: the first of the usual system CJK fonts found (Noto CJK, WenQuanYi).
   */
  pdfFont: string | null;
  /** The map control's outside services (issue 7); all empty by default, so nothing leaves the intranet. */
  gis: GisSettings;
  /** Enterprise registrations accepted per client address per minute (issue 6) before 429. */
  registrationsPerMinute: number;
  /** 免登录填报 submissions accepted per client address per minute (issue 39, ADR 0055) before 429. */
  qrAnonymousPerMinute: number;
  /** Requests slower than this are logged at warn level; 0 logs none. */
  slowRequestMs: number;
  /** How SMS leave the platform (modules/company/sms.ts). */
  sms: SmsSettings;
  /** REMIND_TEST_HOOKS=1 (e2e only): serves the hook that runs 提醒设置's due reminders now. */
  remindTestHooks: boolean;
  /** The automation engine (issue 18, modules/automation). */
  automation: AutomationSettings;
  /** Reports, datasets and datasources (issue 21, modules/report). */
  report: ReportSettings;
  /** Park operations (issue 23): the demo simulator and how device commands leave the platform. */
  park: ParkSettings;
  /** Operations (issue 28): backups, health and metrics. */
  ops: OpsSettings;
  /** The DSS video gateway and the DHPlayer plug-in (issue 25, modules/video). */
  video: VideoSettings;
}

export interface AutomationSettings {
  /** AUTOMATION_MAX_DEPTH: events deeper than this (an automation's change of an automation's change…) are not run. */
  maxDepth: number;
  /** AUTOMATION_WORKERS: transactions one instance runs executions in at the same time. */
  workers: number;
  /** AUTOMATION_BATCH: executions run together in one transaction (one by one again if any of them fails). */
  batch: number;
  /** AUTOMATION_RETRY_DELAYS_MS: waits before the retries of a transient failure (1, 5 and 30 minutes). */
  retryDelaysMs: number[];
  /** AUTOMATION_LEASE_MS: how long a claimed execution is held; a crashed instance's work is taken up after it. */
  leaseMs: number;
  /** AUTOMATION_LOCK_TIMEOUT_MS: a node waiting longer than this for a row lock fails as transient and is retried. */
  lockTimeoutMs: number;
}

export interface ReportSettings {
  /** REPORT_DATABASE_URL: a replica the platform datasource reads from; null reads the main database. */
  databaseUrl: string | null;
  /** REPORT_STATEMENT_TIMEOUT_MS: each widget query is cancelled after this (default 10 s). */
  statementTimeoutMs: number;
  /**
   * REPORT_QUERIES_PER_USER / REPORT_QUERIES_PER_SERVER: report queries running at once; the rest
   * wait. Per server the default is one per CPU core less one (at least one), so reports never
   * hold every core of a database on this machine and form calls always find one.
   */
  queriesPerUser: number;
  queriesPerServer: number;
  /**
   * REPORT_PARALLEL_WORKERS: PostgreSQL parallel workers one report query may use (the session's
   * max_parallel_workers_per_gather). Default 0: workers are forked by the postmaster at normal
   * priority and would let one report take every core past the per-server limit and the nice
   * level; with a replica (REPORT_DATABASE_URL) raise it.
   */
  parallelWorkers: number;
  /**
   * REPORT_SOLO_PARALLEL_WORKERS / REPORT_SOLO_QUIET_MS (ADR 0023): a report query on the platform
   * database that runs alone — no other report work running or waiting, and no other API request
   * for REPORT_SOLO_QUIET_MS (default 250) — may use this many parallel workers (default 2; 0
   * never). A dashboard or steady form traffic keeps ADR 0022's REPORT_PARALLEL_WORKERS.
   */
  soloParallelWorkers: number;
  soloQuietMs: number;
  /**
   * REPORT_BATCH_WAIT_MS: how long a batch of widgets (queryreportdatabatch) waits for widgets whose
   * query has to run; those not done by then are answered `pending` and asked for one by one.
   */
  batchWaitMs: number;
  /** REPORT_CACHE_ENTRIES: widget results kept in memory per instance. */
  cacheEntries: number;
  /** DATASOURCE_ALLOWED_HOSTS: comma-separated host names, addresses or CIDR ranges external datasources may reach. */
  allowedHosts: string[];
  /** DATASOURCE_SECRET: key material for datasource passwords; empty keeps a generated key in DATA_DIR/keys. */
  secret: string;
  /**
   * REPORT_BACKEND_NICE: the OS priority (nice) given to the embedded PostgreSQL's report backends,
   * so a heavy dashboard yields the CPU to form calls; 0 leaves them alone. Only used when the
   * database is the embedded one (a local process this server may renice).
   */
  backendNice: number;
  /**
   * REPORT_STAMP_MAX_AGE_MS: how long a widget call trusts the data stamp and report access another
   * call read, so a cached repeat costs no database round trip (ADR 0019); a form change is then seen
   * by the cache at most this late. 0 reads them for every call.
   */
  stampMaxAgeMs: number;
}

export interface ParkSettings {
  /** PARK_SIMULATOR: main.ts runs the demo park unless this is '0' (tests never start it themselves). */
  simulator: boolean;
  /** PARK_DEVICE_ADAPTER: 'simulator' (built in, the default) or 'gateway' (PARK_GATEWAY_URL). */
  deviceAdapter: 'simulator' | 'gateway';
  gatewayUrl: string;
  gatewayToken: string;
}

export interface OpsSettings {
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`; empty turns /metrics off. */
  metricsToken: string;
  /** BACKUP_DIR: where backups are written (default DATA_DIR/backups). */
  backupDir: string;
  /** BACKUP_KEEP_DAYS: the nightly job deletes backups older than this (the newest good one always stays). */
  backupKeepDays: number;
  /** BACKUP_CRON: when the nightly backup runs (cron, in backupTimeZone); `off` disables it. */
  backupCron: string;
  /** BACKUP_TZ: the time zone BACKUP_CRON is read in (IANA name), China's by default. */
  backupTimeZone: string;
  /** PG_BIN_DIR: where pg_dump / pg_restore are, for backups of DATABASE_URL (else PATH). */
  pgBinDir: string;
}

export interface VideoSettings {
  /** DSS_URL: the gateway's base URL; `simulator` mounts the built-in gateway simulator; empty turns video off. */
  dssUrl: string;
  dssUser: string;
  dssPassword: string;
  /** DSS_CLIENT_ID / DSS_CLIENT_SECRET: the OAuth client the platform logs in as. */
  clientId: string;
  clientSecret: string;
  /** DHPLAYER_DOWNLOAD_PATH: where the banner's download link leads (spec 002 §9). */
  pluginDownloadPath: string;
  /** DSS_MEDIA_ORIGINS: extra origins (space-separated) the browser may fetch HLS streams from. */
  mediaOrigins: string[];
  /** DHPLAYER_SIMULATOR=1 starts the plug-in simulator on 127.0.0.1:8000–8004 (demo only). */
  pluginSimulator: boolean;
}

export interface SmsSettings {
  /** SMS_HTTP_URL: when set, each SMS is POSTed there as JSON; otherwise the built-in sender only logs it. */
  httpUrl: string;
  /** SMS_HTTP_TOKEN: sent as `Authorization: Bearer …` to SMS_HTTP_URL. */
  httpToken: string;
}

export interface GisSettings {
  /** Leaflet tile URL template (TILE_URL), e.g. an intranet tile server or Tianditu with its key. */
  tileUrl: string;
  tileSubdomains: string;
  tileAttribution: string;
  /** Reverse geocoding GET template with {lat} and {lng} (GEOCODE_URL). */
  reverseGeocodeUrl: string;
  /** Place search GET template with {keyword} (GEOSEARCH_URL). */
  searchUrl: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 必须是非负整数: ${value}`);
  return n;
}

function timeZoneFrom(value: string | undefined): string {
  const zone = value || 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`环境变量 BACKUP_TZ 不是有效的时区名称: ${zone}`);
  }
  return zone;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    loginFailuresPerMinute: intFrom(env.LOGIN_FAILURES_PER_MINUTE, 10, 'LOGIN_FAILURES_PER_MINUTE'),
    optLogRetentionDays: intFrom(env.OPTLOG_RETENTION_DAYS, 180, 'OPTLOG_RETENTION_DAYS'),
    webDist:
      env.WEB_DIST === 'none'
        ? null
        : path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    mobileDist:
      env.MOBILE_DIST === 'none' || (env.WEB_DIST === 'none' && !env.MOBILE_DIST)
        ? null
        : path.resolve(env.MOBILE_DIST || path.join(import.meta.dirname, '../../mobile/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    secureCookies: env.SECURE_COOKIES === '1',
    oidcIssuer: env.OIDC_ISSUER || '',
    maxUploadMb: intFrom(env.MAX_UPLOAD_MB, 100, 'MAX_UPLOAD_MB'),
    soffice: env.SOFFICE_PATH || null,
    pdfFont: env.PDF_FONT || null,
    gis: {
      tileUrl: env.TILE_URL || '',
      tileSubdomains: env.TILE_SUBDOMAINS || '',
      tileAttribution: env.TILE_ATTRIBUTION || '',
      reverseGeocodeUrl: env.GEOCODE_URL || '',
      searchUrl: env.GEOSEARCH_URL || '',
    },
    registrationsPerMinute: intFrom(env.REGISTRATIONS_PER_MINUTE, 10, 'REGISTRATIONS_PER_MINUTE'),
    qrAnonymousPerMinute: intFrom(env.QR_ANONYMOUS_PER_MINUTE, 5, 'QR_ANONYMOUS_PER_MINUTE'),
    slowRequestMs: intFrom(env.SLOW_REQUEST_MS, 3000, 'SLOW_REQUEST_MS'),
    sms: { httpUrl: env.SMS_HTTP_URL || '', httpToken: env.SMS_HTTP_TOKEN || '' },
    remindTestHooks: env.REMIND_TEST_HOOKS === '1',
    automation: {
      maxDepth: intFrom(env.AUTOMATION_MAX_DEPTH, 5, 'AUTOMATION_MAX_DEPTH'),
      workers: Math.max(1, intFrom(env.AUTOMATION_WORKERS, 2, 'AUTOMATION_WORKERS')),
      batch: Math.max(1, intFrom(env.AUTOMATION_BATCH, 128, 'AUTOMATION_BATCH')),
      retryDelaysMs: (env.AUTOMATION_RETRY_DELAYS_MS || '60000,300000,1800000')
        .split(',')
        .map((v) => intFrom(v.trim(), 60_000, 'AUTOMATION_RETRY_DELAYS_MS')),
      leaseMs: Math.max(1000, intFrom(env.AUTOMATION_LEASE_MS, 60_000, 'AUTOMATION_LEASE_MS')),
      lockTimeoutMs: Math.max(100, intFrom(env.AUTOMATION_LOCK_TIMEOUT_MS, 5_000, 'AUTOMATION_LOCK_TIMEOUT_MS')),
    },
    report: {
      databaseUrl: env.REPORT_DATABASE_URL || null,
      statementTimeoutMs: intFrom(env.REPORT_STATEMENT_TIMEOUT_MS, 10_000, 'REPORT_STATEMENT_TIMEOUT_MS') || 10_000,
      queriesPerUser: intFrom(env.REPORT_QUERIES_PER_USER, 2, 'REPORT_QUERIES_PER_USER') || 1,
      queriesPerServer: intFrom(env.REPORT_QUERIES_PER_SERVER, Math.max(1, os.availableParallelism() - 1), 'REPORT_QUERIES_PER_SERVER') || 1,
      parallelWorkers: Math.min(8, intFrom(env.REPORT_PARALLEL_WORKERS, 0, 'REPORT_PARALLEL_WORKERS')),
      soloParallelWorkers: Math.min(8, intFrom(env.REPORT_SOLO_PARALLEL_WORKERS, 2, 'REPORT_SOLO_PARALLEL_WORKERS')),
      soloQuietMs: intFrom(env.REPORT_SOLO_QUIET_MS, 250, 'REPORT_SOLO_QUIET_MS'),
      batchWaitMs: intFrom(env.REPORT_BATCH_WAIT_MS, 1000, 'REPORT_BATCH_WAIT_MS'),
      cacheEntries: intFrom(env.REPORT_CACHE_ENTRIES, 1000, 'REPORT_CACHE_ENTRIES'),
      allowedHosts: (env.DATASOURCE_ALLOWED_HOSTS || '').split(',').map((h) => h.trim()).filter(Boolean),
      secret: env.DATASOURCE_SECRET || '',
      backendNice: Math.min(19, intFrom(env.REPORT_BACKEND_NICE, 10, 'REPORT_BACKEND_NICE')),
      stampMaxAgeMs: intFrom(env.REPORT_STAMP_MAX_AGE_MS, 500, 'REPORT_STAMP_MAX_AGE_MS'),
    },
    ops: {
      metricsToken: env.METRICS_TOKEN || '',
      backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
      backupKeepDays: intFrom(env.BACKUP_KEEP_DAYS, 14, 'BACKUP_KEEP_DAYS'),
      backupCron: env.BACKUP_CRON || '30 2 * * *',
      backupTimeZone: timeZoneFrom(env.BACKUP_TZ),
      pgBinDir: env.PG_BIN_DIR || '',
    },
    video: {
      dssUrl: (env.DSS_URL || '').replace(/\/+$/, ''),
      dssUser: env.DSS_USER || (env.DSS_URL === 'simulator' ? 'system' : ''),
      dssPassword: env.DSS_PASSWORD || (env.DSS_URL === 'simulator' ? 'Admin123' : ''),
      clientId: env.DSS_CLIENT_ID || 'park_web',
      clientSecret: env.DSS_CLIENT_SECRET || (env.DSS_URL === 'simulator' ? 'simulator-secret' : ''),
      pluginDownloadPath: env.DHPLAYER_DOWNLOAD_PATH || '/download/DHPlayer.zip',
      mediaOrigins: (env.DSS_MEDIA_ORIGINS || '').split(/\s+/).filter(Boolean),
      pluginSimulator: env.DHPLAYER_SIMULATOR === '1',
    },
    park: parkSettings(env),
  };
}

function parkSettings(env: NodeJS.ProcessEnv): ParkSettings {
  const adapter = env.PARK_DEVICE_ADAPTER || 'simulator';
  if (adapter !== 'simulator' && adapter !== 'gateway') throw new Error(`环境变量 PARK_DEVICE_ADAPTER 只能是 simulator 或 gateway: ${adapter}`);
  if (adapter === 'gateway' && !env.PARK_GATEWAY_URL) throw new Error('PARK_DEVICE_ADAPTER=gateway 需要设置 PARK_GATEWAY_URL');
  return {
    simulator: env.PARK_SIMULATOR !== '0',
    deviceAdapter: adapter,
    gatewayUrl: env.PARK_GATEWAY_URL || '',
    gatewayToken: env.PARK_GATEWAY_TOKEN || '',
  };
}
