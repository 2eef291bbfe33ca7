import { remindRoutes } from './modules/remind/index.ts';
import { autoReportRoutes } from './modules/autoReport/index.ts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { approvalRoutes } from './modules/approval/index.ts';
import { automationDesignerRoutes, automationRoutes } from './modules/automation/index.ts';
import { companyRoutes } from './modules/company/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { fileRoutes } from './modules/file/index.ts';
import { flowRoutes } from './modules/flow/index.ts';
import { formRoutes } from './modules/form/index.ts';
import { registerCompression } from './plugins/compression.ts';
import { cspSourceOf } from './plugins/csp.ts';
import { registerControlCharGuard } from './plugins/controlChars.ts';
import { formTaskRoutes } from './modules/formtask/index.ts';
import { importErrorsRoutes, importExportRoutes } from './modules/importExport/index.ts';
import { lookupRoutes } from './modules/lookup/index.ts';
import { msgRoutes } from './modules/msg/index.ts';
import { parkRoutes } from './modules/park/index.ts';
import { userRoutes } from './modules/user/index.ts';
import { reportRoutes } from './modules/report/index.ts';
import { opsRoutes } from './modules/ops/index.ts';
import { backupRoutes } from './modules/backup/index.ts';
import { subsystemRoutes } from './modules/subsystem/index.ts';
import { themeRoutes } from './modules/theme/index.ts';
import { qrCodeRoutes } from './modules/qrCode/index.ts';
import { inspectionRoutes } from './modules/inspection/index.ts';
import { dataControlRoutes } from './modules/dataControls/index.ts';
import { videoCsp, videoRoutes } from './modules/video/index.ts';
import { formAllotRoutes, tenantManageRoutes } from './modules/tenant/index.ts';
import { microRoutes } from './modules/micro/index.ts';
import { appPackageRoutes } from './modules/apppackage/index.ts';
import { noticeRoutes } from './modules/notice/index.ts';
import { bookRoutes } from './modules/book/index.ts';
import { transportRoutes } from './apps/transport/routes.ts';
import { docRoutes } from './modules/doc/index.ts';
import { registerSlowRequestLog } from './plugins/slowRequests.ts';
import { registerAudit } from './plugins/audit.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { loggerOptions, registerRequestLog, type LogDestination } from './logger.ts';
import { inlineScriptSources, registerWeb } from './plugins/web.ts';
import { registerApiHeaders } from './plugins/apiHeaders.ts';

export interface BuildOptions {
  /** False silences request logs (tests, benchmarks). */
  logger?: boolean;
  /** Log lines go here instead of stdout (the logging tests). */
  logDestination?: LogDestination;
}

/** Builds the HTTP app around an already-connected context; main.ts and the tests share it. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(ctx.config.logLevel, options.logDestination),
    // Requests are logged at debug by registerRequestLog (LOG_LEVEL, issue 26), not at info.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandler(app, ctx.pool);
  registerSlowRequestLog(app, ctx.config.slowRequestMs);
  opsRoutes(app, ctx); // /healthz, /readyz, /metrics (issue 28); first, so request metrics see every route
  registerRequestLog(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Routes pass their own limits to request.parts(); this global cap guards any that forget.
  await app.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadMb * 1024 * 1024, files: 20 } });
  registerApiHeaders(app);
  // Before the routes: the plugin adds its hook to each route as it is declared.
  await registerCompression(app);
  await app.register(fastifyHelmet, {
    // Sent with the page, so same-origin calls carry a Referer the 401 redirect can return to.
    referrerPolicy: { policy: 'same-origin' },
    // The app may be embedded by a park portal (v_s=third), so framing is allowed from the
    // origins in FRAME_ANCESTORS rather than refused outright.
    frameguard: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval lets pdf.js compile its bundled image decoders (JPX, JBIG2: scanned PDFs);
        // it allows WebAssembly only, never eval of JavaScript.
        // The mobile client's index.html starts its first calls itself: that one script, by its hash.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptSources([ctx.config.webDist, ctx.config.mobileDist])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles and geocoding come from the deployment's own services when configured (TILE_URL, GEOCODE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...[ctx.config.gis.tileUrl].map(cspSourceOf).filter((s): s is string => s !== null)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...[ctx.config.gis.reverseGeocodeUrl, ctx.config.gis.searchUrl].map(cspSourceOf).filter((s): s is string => s !== null),
          ...videoCsp(ctx.config).connectSrc,
        ],
        // Video wall: hls.js (HLS) and mpegts.js (FLV) play through MediaSource (blob: URLs); the plug-in is started by its URL scheme.
        mediaSrc: ["'self'", 'blob:', ...videoCsp(ctx.config).mediaSrc],
        frameSrc: ["'self'", ...videoCsp(ctx.config).frameSrc],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'", ...(process.env.FRAME_ANCESTORS?.split(/\s+/).filter(Boolean) ?? [])],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  registerControlCharGuard(app);
  registerAuth(app, ctx);
  registerAudit(app, ctx.db);

  authRoutes(app, ctx);
  userRoutes(app, ctx);
  adminRoutes(app, ctx);
  formRoutes(app, ctx);
  flowRoutes(app, ctx);
  msgRoutes(app, ctx);
  formTaskRoutes(app, ctx);
  fileRoutes(app, ctx);
  importExportRoutes(app, ctx);
  importErrorsRoutes(app, ctx);
  lookupRoutes(app, ctx);
  companyRoutes(app, ctx);
  automationRoutes(app, ctx); // issue 18
  automationDesignerRoutes(app, ctx); // issue 19
  approvalRoutes(app, ctx); // issue 20
  reportRoutes(app, ctx);
  parkRoutes(app, ctx);
  backupRoutes(app, ctx);
  videoRoutes(app, ctx);
  formAllotRoutes(app, ctx); // issue 36: 表单分配
  tenantManageRoutes(app, ctx); // issue 36: 租户信息
  await subsystemRoutes(app, ctx); // issue 40
  microRoutes(app, ctx); // issue 37: functions, micro-apps, templates, workbenches
  appPackageRoutes(app, ctx); // issue 41: 应用管理 (application packages)
  noticeRoutes(app, ctx); // issue 38: 公告, read statistics, 短信设置
  docRoutes(app, ctx); // issue 38: 文件库, classification and tag trees (ADR 0052)
  themeRoutes(app, ctx); // issue 40: 主题
  qrCodeRoutes(app, ctx); // issue 39: 二维码设置
  inspectionRoutes(app, ctx); // issue 41: 专项服务 › 巡检点二维码
  dataControlRoutes(app, ctx); // issue 40: 高级控件数据源
  remindRoutes(app, ctx); // issue 39: 提醒设置
  autoReportRoutes(app, ctx); // issue 39: 自动报表, 订阅
  bookRoutes(app, ctx); // issue 38: 通讯录
  transportRoutes(app, ctx); // issue 41: 危化品运输 (its gate check and gate view)

  await registerWeb(app, ctx.config.webDist, ctx.config.mobileDist);
  return app;
}
