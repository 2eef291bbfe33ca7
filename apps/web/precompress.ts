import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the server sends as it is: compressed beside it. Images, fonts in woff2 and zips are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt|xml|wasm|bcmap|ttf|otf|pfb)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (issue 42), once
 * at build time, so the server (plugins/web.ts, @fastify/static's preCompressed) sends the smaller
 * copy a browser accepts without compressing on each request. Brotli at its best quality: it runs
 * once per release, and the first visit on a park's intranet is what it shortens.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'park-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      let raw = 0;
      let br = 0;
      for (const file of files) {
        const data = await fs.readFile(file);
        if (data.length < MIN_BYTES) continue;
        const [b, g] = await Promise.all([
          brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gzip(data, { level: 9 }),
        ]);
        // A copy no smaller than the file is left out; the server then sends the file itself.
        if (b.length < data.length) await fs.writeFile(`${file}.br`, b);
        if (g.length < data.length) await fs.writeFile(`${file}.gz`, g);
        raw += data.length;
        br += b.length;
      }
      this.info(`precompressed ${files.length} files: ${(raw / 2 ** 20).toFixed(1)} MB → ${(br / 2 ** 20).toFixed(1)} MB brotli`);
    },
  };
}
