import fs from 'node:fs/promises';
import path from 'node:path';
import { minify, parseAst, transformWithOxc, type Plugin, type Rollup } from 'vite';

/**
 * Puts src/boot/earlyCalls.ts into index.html's head as an inline module script, ahead of the
 * bundle (issue 37 "Speed", ADR 0062): the first screen's calls then leave as soon as the HTML is
 * parsed instead of after the ~230 KB of JavaScript have crossed a phone's network. The file has
 * no imports, so it is compiled and minified alone (≈ 2 KB); a separate file would cost the round
 * trip it is meant to save. The server allows it by its hash (apps/server/src/plugins/web.ts
 * inlineScriptSources): the page's Content-Security-Policy refuses every other inline script.
 */
export function inlineBoot(base: string): Plugin {
  const source = path.resolve(import.meta.dirname, 'src/boot/earlyCalls.ts');
  return {
    name: 'park-inline-boot',
    transformIndexHtml: {
      // After Vite has written its own tags: placed right before the first of them, after the meta tags.
      order: 'post',
      async handler(html, ctx) {
        const files = ctx.bundle ? formListFiles(ctx.bundle, base) : [];
        const code = await classicScript(source, `startEarlyCalls(window, ${JSON.stringify(base)}, ${JSON.stringify(files)});`);
        const at = html.indexOf('<script');
        if (at < 0) throw new Error('index.html has no script to put the first calls before');
        // A classic script ahead of every stylesheet: it runs as the parser reaches it. A module
        // script would wait for the end of parsing and for the stylesheets (measured: 700 ms later).
        return `${html.slice(0, at)}<script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The files the form list page (src/form/listPage.tsx) loads beyond what the entry loads: its chunk,
 * the chunks it imports, and their stylesheets, as addresses under the base (ADR 0067).
 */
function formListFiles(bundle: Rollup.OutputBundle, base: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: Rollup.OutputChunk) => {
    const seen = new Set<string>();
    const walk = (c: Rollup.OutputChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const name of c.imports) {
        const next = byName.get(name);
        if (next) walk(next);
      }
    };
    walk(start);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const page = chunks.find((c) => c.facadeModuleId?.endsWith('/src/form/listPage.tsx'));
  if (!entry || !page) throw new Error('the build has no entry or no form list chunk (src/form/listPage.tsx) to preload');
  const loaded = closure(entry);
  const wanted = [...closure(page)].filter((name) => !loaded.has(name));
  const styles = wanted.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
  return [...styles, ...wanted].map((name) => `${base}/${name}`);
}

/** A module without imports as one classic script: its `export`s dropped, wrapped so nothing leaks into window, minified. */
async function classicScript(file: string, then: string): Promise<string> {
  const { code } = await transformWithOxc(await fs.readFile(file, 'utf8'), file, { lang: 'ts' });
  let body = '';
  let from = 0;
  for (const node of parseAst(code).body) {
    if (node.type === 'ImportDeclaration' || (node.type !== 'ExportNamedDeclaration' && node.type.startsWith('Export'))) throw new Error(`${file}: only exported declarations can be inlined`);
    if (node.type === 'ExportNamedDeclaration') {
      if (!node.declaration) throw new Error(`${file}: only exported declarations can be inlined`);
      body += code.slice(from, node.start);
      from = node.declaration.start;
    }
  }
  body += code.slice(from);
  const min = await minify(file, `(() => {\n${body}\n${then}\n})();`, { module: false, compress: true, mangle: true });
  if (min.errors.length > 0 || min.code.includes('</script')) throw new Error(`${file} cannot be inlined: ${min.errors.map((e) => e.message).join('; ')}`);
  return min.code.trim();
}
