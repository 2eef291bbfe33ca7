/**
 * The import graph of our own source files, read with TypeScript's pre-processor (no type check, so it
 * is quick): every `import`/`export … from`/`import()` that names a file of this repository.
 * Used by layers.test.ts, which turns circles and imports that run up a layer into failures.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

export interface ImportEdge {
  /** Repository-relative paths, with forward slashes. */
  from: string;
  to: string;
  /** The text written in the import, for the message. */
  spec: string;
  /** `import type …` only: still an arrow between layers, since it ties the files' designs. */
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx)$/;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
}

/** Where a workspace package name points (only @park/core is imported by name). */
const PACKAGES: Record<string, string> = { '@park/core': 'packages/core/src/index.ts' };

function resolveSpec(fromFile: string, spec: string): string | null {
  if (spec in PACKAGES) return join(ROOT, PACKAGES[spec]!);
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function typeOnlyImports(text: string): Set<string> {
  const only = new Set<string>();
  for (const match of text.matchAll(/^\s*(?:import|export)\s+type\s[^;]*?from\s+['"]([^'"]+)['"]/gms)) only.add(match[1]!);
  return only;
}

/** Source files (tests excluded) under the given repository-relative folders, and the imports between them. */
export function importGraph(folders: string[]): { files: string[]; edges: ImportEdge[] } {
  const absolute: string[] = [];
  for (const folder of folders) walk(join(ROOT, folder), absolute);
  const edges: ImportEdge[] = [];
  for (const file of absolute) {
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const typeOnly = typeOnlyImports(text);
    const seen = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveSpec(file, ref.fileName);
      if (!target || SOURCE.test(target) === false) continue;
      const to = rel(target);
      if (seen.has(to)) continue;
      seen.add(to);
      edges.push({ from: rel(file), to, spec: ref.fileName, typeOnly: typeOnly.has(ref.fileName) });
    }
  }
  return { files: absolute.map(rel), edges };
}

export function rel(path: string): string {
  return relative(ROOT, path).split('\\').join('/');
}

/** Strongly connected components with more than one file (Tarjan): every import circle. */
export function circles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!indexOf.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, indexOf.get(to)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  return found;
}
