import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOC_SOURCE, DOC_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import type { DocTrees } from './trees.ts';

/*
 * 文件库 calls, under the original's names (kh.config.json): /api/file/… for the libraries and
 * classifications, /api/user/… for tags. Writes come as JSON or the original's k=v form strings;
 * deletes as GET ?ids=. Every call is authorised by the service.
 */
type Body = Record<string, unknown>;
const input = (r: FastifyRequest): Body => ({ ...((r.query as Body) ?? {}), ...((r.params as Body) ?? {}), ...(typeof r.body === 'object' && r.body !== null ? (r.body as Body) : {}) });
const audit = (action: string) => ({ audit: { module: '文件库', action } });
const BOTH = ['GET', 'POST'] as ('GET' | 'POST')[];

function treeRoutes(app: FastifyInstance, trees: DocTrees, names: { list: string; byParent: string; add: string; update: string; remove: string }, label: string): void {
  app.route({ method: BOTH, url: names.list, handler: async (r) => ({ errCode: 0, children: await trees.tree(authOf(r), input(r)) }) });
  app.route({ method: BOTH, url: names.byParent, handler: async (r) => ({ errCode: 0, list: await trees.children(authOf(r), input(r)) }) });
  app.post(names.add, { config: audit(`新增${label}`) }, async (r) => {
    const b = input(r);
    return { errCode: 0, errMsg: DOC_TEXT.saved, id: Number(await trees.save(authOf(r), b, null)) };
  });
  app.post(names.update, { config: audit(`修改${label}`) }, async (r) => {
    const b = input(r);
    return { errCode: 0, errMsg: DOC_TEXT.saved, id: Number(await trees.save(authOf(r), b, String(b.id ?? ''))) };
  });
  app.route({
    method: BOTH, url: names.remove, config: audit(`删除${label}`),
    handler: async (r) => {
      await trees.remove(authOf(r), input(r).ids);
      return { errCode: 0, errMsg: DOC_TEXT.treeDeleted };
    },
  });
}

export function docRoutes(app: FastifyInstance, ctx: AppContext): void {
  const s = ctx.docs;
  const list = (source: 0 | 1 | 2) => async (r: FastifyRequest) => ({ errCode: 0, ...(await s.list(authOf(r), source, input(r))) });
  app.route({ method: BOTH, url: '/api/file/queryShareDocForPlatForm', handler: list(DOC_SOURCE.share) });
  app.route({ method: BOTH, url: '/api/file/queryEnterpriseDocForPlatForm', handler: list(DOC_SOURCE.enterprise) });
  app.route({ method: BOTH, url: '/api/file/queryPersonalDocForPlatForm', handler: list(DOC_SOURCE.personal) });
  app.post('/api/file/saveFileExtend', { config: audit('保存文件库') }, async (r) => ({ errCode: 0, errMsg: DOC_TEXT.saved, id: Number(await s.save(authOf(r), input(r))) }));
  app.route({
    method: BOTH, url: '/api/file/batchDeleteFileExtend', config: audit('删除文件库'),
    handler: async (r) => {
      await s.remove(authOf(r), input(r).ids);
      return { errCode: 0, errMsg: DOC_TEXT.deleted };
    },
  });
  const blackList = async (r: FastifyRequest) => {
    const b = input(r);
    return { errCode: 0, datas: await s.blackList(authOf(r), b.fileId, b.fileExtendId) };
  };
  app.route({ method: BOTH, url: '/api/file/queryFileTenantBlackLisByFileId', handler: blackList });
  app.route({ method: BOTH, url: '/api/file/queryFileTenantBlackLisByFileId/:fileId', handler: blackList });

  treeRoutes(app, s.classifications, {
    list: '/api/file/listFileClassification', byParent: '/api/file/listFileClassificationByParentId',
    add: '/api/file/addFileClassification', update: '/api/file/updateFileClassification', remove: '/api/file/batchDeleteFileClassification',
  }, '文件分类');
  treeRoutes(app, s.tags, {
    list: '/api/user/listTag', byParent: '/api/user/listTagByParentId',
    add: '/api/user/addTag', update: '/api/user/updateTag', remove: '/api/user/batchDeleteTag',
  }, '标签');
}
