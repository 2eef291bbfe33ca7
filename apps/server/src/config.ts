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
  logLevel: string;
  /** Set behind a TLS-terminating proxy so the session cookie is Secure. */
  secureCookies: boolean;
  /** The largest upload accepted, in MB, whatever a form field allows. */
  maxUploadMb: number;
  /**
   * LibreOffice for office previews: a path to `soffice`, `none` to turn conversion off, or null to
   * look for soffice/libreoffice on PATH.
   */
  soffice: string | null;
  /** The map control's outside services (issue 7); all empty by default, so nothing leaves the intranet. */
  gis: GisSettings;
  /** Enterprise registrations accepted per client address per minute (issue 6) before 429. */
  registrationsPerMinute: number;
  /** Requests slower than this are logged at warn level; 0 logs none. */
  slowRequestMs: number;
  /** How SMS leave the platform (modules/company/sms.ts). */
  sms: SmsSettings;
  /** Reports, datasets and datasources (issue 21, modules/report). */
  report: ReportSettings;
}

export interface ReportSettings {
  /** REPORT_DATABASE_URL: a replica the platform datasource reads from; null reads the main database. */
  databaseUrl: string | null;
  /** REPORT_STATEMENT_TIMEOUT_MS: each widget query is cancelled after this (default 10 s). */
  statementTimeoutMs: number;
  /** REPORT_QUERIES_PER_USER / REPORT_QUERIES_PER_SERVER: report queries running at once; the rest wait. */
  queriesPerUser: number;
  queriesPerServer: number;
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
    logLevel: env.LOG_LEVEL || 'info',
    secureCookies: env.SECURE_COOKIES === '1',
    maxUploadMb: intFrom(env.MAX_UPLOAD_MB, 100, 'MAX_UPLOAD_MB'),
    soffice: env.SOFFICE_PATH || null,
    gis: {
      tileUrl: env.TILE_URL || '',
      tileSubdomains: env.TILE_SUBDOMAINS || '',
      tileAttribution: env.TILE_ATTRIBUTION || '',
      reverseGeocodeUrl: env.GEOCODE_URL || '',
      searchUrl: env.GEOSEARCH_URL || '',
    },
    registrationsPerMinute: intFrom(env.REGISTRATIONS_PER_MINUTE, 10, 'REGISTRATIONS_PER_MINUTE'),
    slowRequestMs: intFrom(env.SLOW_REQUEST_MS, 3000, 'SLOW_REQUEST_MS'),
    sms: { httpUrl: env.SMS_HTTP_URL || '', httpToken: env.SMS_HTTP_TOKEN || '' },
    report: {
      databaseUrl: env.REPORT_DATABASE_URL || null,
      statementTimeoutMs: intFrom(env.REPORT_STATEMENT_TIMEOUT_MS, 10_000, 'REPORT_STATEMENT_TIMEOUT_MS') || 10_000,
      queriesPerUser: intFrom(env.REPORT_QUERIES_PER_USER, 2, 'REPORT_QUERIES_PER_USER') || 1,
      queriesPerServer: intFrom(env.REPORT_QUERIES_PER_SERVER, 3, 'REPORT_QUERIES_PER_SERVER') || 1,
      cacheEntries: intFrom(env.REPORT_CACHE_ENTRIES, 1000, 'REPORT_CACHE_ENTRIES'),
      allowedHosts: (env.DATASOURCE_ALLOWED_HOSTS || '').split(',').map((h) => h.trim()).filter(Boolean),
      secret: env.DATASOURCE_SECRET || '',
      backendNice: Math.min(19, intFrom(env.REPORT_BACKEND_NICE, 10, 'REPORT_BACKEND_NICE')),
    },
  };
}
