import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@park/core';
import { errorBody } from './errors.ts';

/**
 * Serves the built single-page app under BASE_PATH, brotli or gzip copies made at build time where
 * the browser accepts them. Hashed assets are cached for a year;
 * index.html never is, so a new release is picked up on the next load. Any other GET under the
 * base path (a client-side route) gets index.html.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      prefix: `${BASE_PATH}/`,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each text asset (apps/web/precompress.ts): the copy the
      // browser accepts is sent, with Vary: Accept-Encoding; without one, the file itself (issue 42).
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // The plugin does not say so itself: the body depends on Accept-Encoding, for every cache between.
        res.setHeader('Vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDist }, '未找到前端构建产物，只提供接口（请先运行 npm run build）');
  }

  app.get('/', async (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  if (hasWeb) {
    const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    app.get(BASE_PATH, sendIndex);
    app.get(`${BASE_PATH}/`, sendIndex);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (hasWeb && request.method === 'GET' && (url === BASE_PATH || url.startsWith(`${BASE_PATH}/`))) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, '请求的资源不存在'));
  });
}
