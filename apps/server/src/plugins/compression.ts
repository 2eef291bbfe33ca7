import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApi } from './apiHeaders.ts';

/**
 * JSON answers compressed for the caller that accepts it (issue 37 "works on a slow network").
 * On a phone's Fast 3G a kilobyte costs about 6 ms on the wire: the admin's menu tree (16 KB) or a
 * page of 20 list cards shared the line with the first script and arrived after it. Brotli at
 * quality 4 (the plugin's default, a fraction of quality 11's CPU) and gzip for older clients.
 *
 * Only the API, and of it JSON and the types mime-db calls compressible (a CSV export; not images,
 * archives or xlsx): the built clients' files are precompressed by the build and sent as such
 * (web.ts), which the plugin would otherwise compress again on the fly when no copy exists.
 * Answers under 1 KB go as they are (a get by id, a count): compressing them costs more CPU than
 * it saves on the wire. Request bodies
 * are never inflated (no `Content-Encoding` on requests): an upload's size limits hold on the bytes
 * that arrive, not on what they would expand to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads `compress` per route.
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url) && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/json(?:;|$)/,
  });
}
