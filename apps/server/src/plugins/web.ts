import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BASE_PATH, MOBILE_BASE_PATH } from '@park/core';
import { errorBody } from './errors.ts';

/** A built single-page app: where its files are and the address it is served under. */
interface SpaBuild {
  root: string;
  prefix: string;
}

function builtAt(dist: string | null, prefix: string): SpaBuild | null {
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return null;
  return { root: dist, prefix };
}

/** Hashed assets are cached for a year; index.html never is, so a new release is picked up on the next load. */
function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  // The plugin does not say so itself: the body depends on Accept-Encoding, for every cache between.
  res.setHeader('Vary', 'Accept-Encoding');
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * The Content-Security-Policy sources of the inline scripts the builds' index.html carry (the
 * mobile client's first calls, apps/mobile/inlineBoot.ts): each allowed by its own SHA-256, read
 * from the built file at start, so exactly that text runs and no other inline script does. A
 * build replaced without a restart has its new script refused; the page then asks its calls from
 * the bundle as before (slower, not broken).
 */
export function inlineScriptSources(dists: ReadonlyArray<string | null>): string[] {
  const sources = new Set<string>();
  for (const dist of dists) {
    const file = dist ? path.join(dist, 'index.html') : null;
    if (!file || !fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
      sources.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
    }
  }
  return [...sources];
}

function sendIndex(reply: FastifyReply, build: SpaBuild) {
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', build.root);
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/**
 * Serves the built single-page apps: the desktop under BASE_PATH and the mobile client (issue 37)
 * under MOBILE_BASE_PATH, brotli or gzip copies made at build time where the browser accepts them.
 * Any other GET under an app's path (a client-side route) gets that app's index.html; the mobile
 * path is matched first, being the longer.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null, mobileDist: string | null = null): Promise<void> {
  const web = builtAt(webDist, BASE_PATH);
  const mobile = builtAt(mobileDist, MOBILE_BASE_PATH);
  const builds = [mobile, web].filter((b): b is SpaBuild => b !== null);
  if (!web) app.log.warn({ webDist }, '未找到前端构建产物，只提供接口（请先运行 npm run build）');

  for (const [i, build] of builds.entries()) {
    await app.register(fastifyStatic, {
      root: build.root,
      prefix: `${build.prefix}/`,
      index: false,
      wildcard: true,
      // reply.sendFile is decorated once; sendIndex passes each build's root.
      decorateReply: i === 0,
      // The build writes .br and .gz beside each text asset (apps/web/precompress.ts): the copy the
      // browser accepts is sent, with Vary: Accept-Encoding; without one, the file itself (issue 42).
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
    app.get(build.prefix, async (_req, reply) => sendIndex(reply, build));
    app.get(`${build.prefix}/`, async (_req, reply) => sendIndex(reply, build));
  }

  app.get('/', async (_req, reply) => reply.redirect(`${BASE_PATH}/`));

  app.setNotFoundHandler(async (request, reply) => {
    const build = request.method === 'GET' ? builds.find((b) => isUnder(request.url, b.prefix)) : undefined;
    if (build) return sendIndex(reply, build);
    return reply.status(404).send(errorBody(404, '请求的资源不存在'));
  });
}
