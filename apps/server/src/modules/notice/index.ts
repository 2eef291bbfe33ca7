/**
 * The notice module's face (issue 38, ADR 0048): 平台公告 and 企业公告, their background delivery
 * (job.ts), the receivers' reading and read statistics, and 短信设置. Its service is ctx.notices.
 */
export { noticeRoutes } from './routes.ts';
export { NoticeService, NOTICE_PERMS } from './service.ts';
export { registerNoticeJobs } from './job.ts';
export { receivesNoticeFile } from './fileAccess.ts';
export { sanitizeNoticeHtml } from './sanitize.ts';
