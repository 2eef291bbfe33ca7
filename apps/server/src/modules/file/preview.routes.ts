// The request's multipart methods are declared by the plugin's types; imported here so every program that reaches this file (bench, tests) sees them.
import type {} from '@fastify/multipart';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { isEditableText } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { contentDisposition } from './names.ts';
import { officePreviews } from './preview.ts';
import { parseRange } from './serve.ts';
import type { FileService, Pending } from './service.ts';
import { canEditFile, listVersions, saveNewVersion } from './versions.ts';

const FileParams = Type.Object({ fileId: Type.String({ maxLength: 40 }) });
type FileParamsT = Static<typeof FileParams>;

/**
 * The document page's calls (issue 10): office previews converted by LibreOffice, and new versions
 * of text files saved online. Registered by fileRoutes, beside the upload and download calls.
 */
export function filePreviewRoutes(app: FastifyInstance, ctx: AppContext, files: FileService): void {
  const previews = officePreviews(ctx);
  const fileOf = (request: FastifyRequest) =>
    files.readable(authOf(request), (request.params as FileParamsT).fileId);

  /** Whether office files can be previewed at all, so the dialog can refuse without asking per file. */
  app.get('/api/file/previewCapability', async () => ({
    errCode: 0,
    officeConversion: await previews.available(),
  }));

  /** The conversion's state; asking queues it. status: unavailable | pending | ready | failed. */
  app.get('/api/file/preview/:fileId', { schema: { params: FileParams } }, async (request) => {
    const file = await fileOf(request);
    return { errCode: 0, fileId: Number(file.id), ...(await previews.request(file)) };
  });

  /** The converted PDF, inline, with single ranges so pdf.js can fetch pages on demand. */
  app.get('/api/file/preview/:fileId/pdf', { schema: { params: FileParams } }, async (request, reply) => {
    const file = await fileOf(request);
    if ((await previews.status(file)).status !== 'ready') throw notFound('预览文件尚未生成');
    const pdf = previews.pdfPath(file.sha256);
    const size = (await fs.stat(pdf)).size;
    const range = parseRange(request.headers.range, size);
    if (range === 'bad') return reply.status(416).header('content-range', `bytes */${size}`).send();
    const name = `${file.original_name.replace(/\.[^.]*$/, '')}.pdf`;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('inline', name))
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .header('etag', `"pdf-${file.sha256}"`)
      .header('cache-control', 'private, no-cache');
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(createReadStream(pdf, { start: range.start, end: range.end }));
    }
    reply.header('content-length', size);
    return reply.send(createReadStream(pdf));
  });

  /** Versions of a file, newest first, and whether the caller may save a new one. */
  app.get('/api/file/versions/:fileId', { schema: { params: FileParams } }, async (request) => {
    const auth = authOf(request);
    const file = await fileOf(request);
    return {
      errCode: 0,
      fileId: Number(file.id),
      version: file.version,
      editable: isEditableText(file.suffix) && (await canEditFile(ctx, auth, file)),
      datas: await listVersions(ctx.db, file),
    };
  });

  /**
   * Saves the edited text as a new version: multipart with one file part (`file`) and, before it,
   * the field `version` the editor started from. The file keeps its id; the bytes it had stay
   * downloadable with /api/file/download/{id}?version=N.
   */
  app.post('/api/file/version/:fileId', { schema: { params: FileParams } }, async (request) => {
    const auth = authOf(request);
    const file = await fileOf(request);
    if (!isEditableText(file.suffix)) throw badRequest(`.${file.suffix} 文件不支持在线编辑`);
    if (!(await canEditFile(ctx, auth, file))) throw forbidden('您无权编辑该文件');
    if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 方式上传文件');
    const limit = files.limitFor();
    let baseVersion: number | null = null;
    let pending: Pending | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: limit.bytes + 1, files: 1, fields: 5 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'version' && /^\d{1,9}$/.test(String(part.value))) baseVersion = Number(part.value);
          continue;
        }
        if (pending) {
          part.file.resume();
          continue;
        }
        // Checked as the file it replaces: same name, so the same suffix and the same content rules.
        pending = await files.receive(part.file, file.original_name, limit, false);
      }
    } catch (err) {
      if (pending) await files.discard([pending]);
      throw err;
    }
    if (!pending) throw badRequest('请选择要上传的文件');
    const saved = pending;
    const updated = await saveNewVersion(ctx.db, files.storage, request, auth, file, saved, baseVersion).catch(
      async (err: unknown) => {
        await files.discard([saved]);
        throw err;
      },
    );
    return { errCode: 0, fileId: Number(updated.id), version: updated.version };
  });
}
