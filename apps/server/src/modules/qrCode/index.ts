/** 二维码设置 (issue 39, ADR 0050): per-form QR entries, their signed revocable tokens. */
export { qrCodeRoutes } from './routes.ts';
export { qrCodeConfText } from './service.ts';
