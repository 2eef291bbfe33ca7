import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import { FILE_TYPES, type FileType } from './fileTypes.ts';
import { contentDisposition } from './names.ts';
import type { FileRow } from './repo.ts';
import { FILE_NOT_FOUND } from './service.ts';
import type { ByteRange, FileStorage } from './storage.ts';

export type ServeMode = 'download' | 'preview' | 'image';

const OCTET = 'application/octet-stream';
/* Markup that a browser would render (and run) is only ever sent as opaque bytes. */
const MARKUP = /^(image\/svg\+xml|text\/html|application\/xml)$/;
const UNKNOWN: FileType = { mime: OCTET, kinds: [], show: 'attachment' };
/*
 * Served files never run script on our origin: a sandboxed, resource-less document, as raw
 * file hosts do. PDF is the exception, because browsers' PDF viewers refuse a sandboxed frame;
 * a PDF's own scripts run inside the viewer, not in our origin.
 */
const SANDBOX_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Parses a single `bytes=` range; null means serve the whole file, 'bad' means 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null; // absent, multi-range or odd: send it all
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

/**
 * Sends a stored file with headers that keep it from being interpreted as something else:
 * nosniff, an RFC 6266 Content-Disposition, and markup (SVG, HTML, XML) always as an
 * octet-stream attachment. `preview` asks for inline display, granted only to safe kinds.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: FileRow,
  mode: ServeMode,
) {
  const type = Object.hasOwn(FILE_TYPES, file.suffix) ? FILE_TYPES[file.suffix]! : UNKNOWN;
  if (mode === 'image' && type.show !== 'image' && file.suffix !== 'svg') {
    throw new AppError(415, '该文件不是图片，无法显示');
  }
  const inline =
    type.show === 'image' ? mode !== 'download' : mode === 'preview' && type.show !== 'attachment';
  let contentType = MARKUP.test(type.mime) ? OCTET : type.mime;
  if (inline && type.show === 'text') contentType = 'text/plain; charset=utf-8';

  const size = Number(file.size);
  const etag = `"${file.sha256}"`;
  const notModified = request.headers['if-none-match'] === etag;
  const range = parseRange(request.headers.range, size);
  if (range === 'bad') return reply.status(416).header('content-range', `bytes */${size}`).send();
  let stream: Readable | null = null;
  if (!notModified) {
    try {
      // Opened before any header is set, so a failure is answered as plain JSON.
      stream = await storage.get(file.file_key, range ?? undefined);
    } catch (err) {
      // The row exists but its bytes do not: a storage fault, logged and answered as missing.
      request.log.error({ fileId: file.id, code: (err as NodeJS.ErrnoException).code }, 'file bytes missing');
      throw notFound(FILE_NOT_FOUND);
    }
  }
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.original_name))
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    // Per user and never shared; images are re-shown often (lists, forms), so they may be kept a while.
    .header('cache-control', mode === 'image' ? 'private, max-age=3600' : 'private, no-cache');
  if (type.show !== 'pdf') reply.header('content-security-policy', SANDBOX_CSP);
  if (!stream) return reply.status(304).send();
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  return reply.send(stream);
}
