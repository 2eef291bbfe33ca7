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
  /** The DSS video gateway and the DHPlayer plug-in (issue 25, modules/video). */
  video: VideoSettings;
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
  };
}
