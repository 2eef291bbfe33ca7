import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { qrAnonymousRoutes } from './anonymous.routes.ts';
import { qrSignedInRoutes } from './routes.ts';

/** 二维码设置 (issue 39, ADR 0050, 0055): per-form QR entries, their signed revocable tokens, 免登录填报. */
export function qrCodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  qrSignedInRoutes(app, ctx);
  qrAnonymousRoutes(app, ctx);
}

/** The CJK font printed PDFs embed (the QR sheet, 自动报表's PDF). */
export { pdfFontOf } from './pdfFont.ts';
export { entryCodes, qrCodeConfText, qrEntryCounts, renderQrSheet, saveParkQrCodeConf, sheetOf } from './service.ts';
