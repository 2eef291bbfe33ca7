// The request's multipart methods are declared by the plugin's types.
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { Pending } from '../file/index.ts';

/*
 * 免登录填报's upload body: one file, received and content-checked by modules/file exactly as
 * /api/file/upload does (type sniffed, not trusted from the name; a refused part leaves nothing),
 * under a smaller cap — an anonymous visitor's photo, not a document library.
 */

/** The most an anonymous upload may be, whatever the field allows. */
export const ANONYMOUS_MAX_MB = 10;

export async function receiveAnonymousUpload(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  query: { maxFileSize?: number; accept?: string },
) {
  if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 方式上传文件');
  const limit = ctx.files.limitFor(Math.min(query.maxFileSize ?? ANONYMOUS_MAX_MB, ANONYMOUS_MAX_MB));
  const pending: Pending[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.bytes + 1, files: 1, fields: 5 } })) {
      if (part.type === 'field') continue;
      pending.push(await ctx.files.receive(part.file, part.filename, limit, query.accept === 'image' || part.fieldname === 'image'));
    }
  } catch (err) {
    await ctx.files.discard(pending);
    reply.header('connection', 'close');
    throw err;
  }
  if (pending.length === 0) throw badRequest('请选择要上传的文件');
  return ctx.files.commit(request, auth, pending);
}
