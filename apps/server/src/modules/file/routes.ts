// The request's multipart methods are declared by the plugin's types; imported here so every program that reaches this file (bench, tests) sees them.
import type {} from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime, type FileInfoReply, type UploadReply } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { sendStoredFile, type ServeMode } from './serve.ts';
import type { FileService, Pending, SizeLimit } from './service.ts';
import { fileAtVersion } from './versions.ts';

const UploadQuery = Type.Object({
  /** The form field's own limit in MB (spec 000 §3 maxFileSize). */
  maxFileSize: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  /** `image`: a form image field, jpeg and png only (spec 000 §5). */
  accept: Type.Optional(Type.String({ maxLength: 20 })),
});
const FileParams = Type.Object({ fileId: Type.String({ maxLength: 40 }) });
const DownloadQuery = Type.Object({
  inline: Type.Optional(Type.String({ maxLength: 5 })),
  /** An earlier version of a file edited online (see preview.routes.ts). */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>;

const MAX_FILES = 20;
/* The signature pad may post its PNG as a data URL in a text field; such fields are buffered, so small. */
const MAX_FIELD_BYTES = 2 * 1024 * 1024;
const DATA_URL = /^data:image\/(png|jpeg);base64,/;

export function fileTransferRoutes(app: FastifyInstance, ctx: AppContext, files: FileService): void {

  app.post(
    '/api/file/upload',
    { schema: { querystring: UploadQuery } },
    async (request, reply): Promise<UploadReply> => {
      const auth = authOf(request);
      const query = request.query as Static<typeof UploadQuery>;
      if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 方式上传文件');
      let limit: SizeLimit = files.limitFor(query.maxFileSize);
      let imagesOnly = query.accept === 'image';
      const pending: Pending[] = [];
      try {
        // One byte over the limit reaches receiveToTemp, which then aborts at once; busboy's own
        // limit would instead skip to the end of the part, reading the whole oversized body.
        // throwFileSizeLimit is honoured by parts() though its typings omit it.
        const options: PartsOptions & { throwFileSizeLimit: boolean } = {
          limits: { fileSize: limit.bytes + 1, files: MAX_FILES, fields: 20, fieldSize: MAX_FIELD_BYTES },
          throwFileSizeLimit: false,
        };
        for await (const part of request.parts(options)) {
          if (part.type === 'field') {
            // Fields sent before the file may narrow its limits, as the query does; never widen them.
            if (part.fieldname === 'maxFileSize' && Number(part.value) > 0) {
              limit = files.limitFor(Math.min(Number(part.value), limit.mb));
            }
            if (part.fieldname === 'accept' && part.value === 'image') imagesOnly = true;
            if (part.fieldname === 'image' && typeof part.value === 'string' && DATA_URL.test(part.value)) {
              if (part.valueTruncated)
                throw new AppError(413, `文件大小超过限制（最大 ${+limit.mb.toFixed(2)} MB）`);
              const bytes = Buffer.from(part.value.slice(part.value.indexOf(',') + 1), 'base64');
              pending.push(await files.receive(Readable.from([bytes]), 'signature', limit, true));
            }
            continue;
          }
          // Any file field is taken; `image` (the signature pad's) only accepts jpeg and png.
          pending.push(
            await files.receive(part.file, part.filename, limit, imagesOnly || part.fieldname === 'image'),
          );
        }
      } catch (err) {
        await files.discard(pending);
        // The client may still be sending a large body; close rather than read it all.
        reply.header('connection', 'close');
        throw err;
      }
      if (pending.length === 0) throw badRequest('请选择要上传的文件');
      const rows = await files.commit(request, auth, pending);
      return {
        errCode: 0,
        datas: rows.map((r) => ({ fileId: Number(r.id), originalName: r.original_name, suffix: r.suffix })),
      };
    },
  );

  app.get(
    '/api/file/info/:fileId',
    { schema: { params: FileParams } },
    async (request): Promise<FileInfoReply> => {
      const row = await files.readable(authOf(request), (request.params as Static<typeof FileParams>).fileId);
      return {
        errCode: 0,
        fileId: Number(row.id),
        originalName: row.original_name,
        suffix: row.suffix,
        size: Number(row.size),
        mime: row.mime,
        createTime: formatDateTime(row.create_time),
      };
    },
  );

  const serve = (mode: 'download' | 'image') => async (request: FastifyRequest, reply: FastifyReply) => {
    const idText = (request.params as Static<typeof FileParams>).fileId;
    // Excel import/export results are downloaded by job code, `{code}` and `{code}_error` (issue 8).
    const jobFile = mode === 'download' ? await ctx.fileHolders.namedFile(ctx, authOf(request), idText) : null;
    let row = jobFile ?? (await files.readable(authOf(request), idText));
    const { inline, version } = request.query as Static<typeof DownloadQuery>;
    if (version !== undefined) row = await fileAtVersion(ctx.db, row, version);
    const wanted: ServeMode = mode === 'download' && (inline === '1' || inline === 'true') ? 'preview' : mode;
    return sendStoredFile(request, reply, files.storage, row, wanted);
  };
  const opts = { schema: { params: FileParams, querystring: DownloadQuery } };
  // The catalogue's paths (kh.config.json) and the spec's fileDownload / imageDownload aliases.
  app.get('/api/file/download/:fileId', opts, serve('download'));
  app.get('/api/file/fileDownload/:fileId', opts, serve('download'));
  app.get('/api/file/image/:fileId', opts, serve('image'));
  app.get('/api/file/imageDownload/:fileId', opts, serve('image'));
}
