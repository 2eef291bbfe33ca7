/**
 * The document libraries' face (issue 38, ADR 0052): 共享文件库, 企业文件库, 个人文件夹 and their
 * classification and tag trees. Its service is ctx.docs; the file module asks it, through
 * FileHolders, who may read a file a library holds.
 */
export { docRoutes } from './routes.ts';
export { DocService } from './service.ts';
export { DOC_PERMS, seesDocFile, keepsDocFilePrivate } from './access.ts';
