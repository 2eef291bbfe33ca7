/**
 * The lint rule that keeps control-type names inside the registries (issue 45 item 5): its list of
 * names is core's, and it refuses `.type === '<control>'` outside the registries but not inside.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES } from '../../packages/core/src/index.ts';
import { CONTROL_TYPE_NAMES } from '../../eslint.config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SNIPPET = "export const isGrid = (c: { type: string }) => c.type === 'grid';\n";

async function messagesFor(file: string, code = SNIPPET): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('control-type names outside the registries', () => {
  it("lists core's control types", () => {
    expect([...CONTROL_TYPE_NAMES].sort()).toEqual([...CONTROL_TYPES].sort());
  });

  it('refuses a type test in a feature, the form renderer, the server and core outside the registry', async () => {
    for (const file of [
      'apps/web/src/features/designer/Example.ts',
      'apps/web/src/form/example.ts',
      'apps/server/src/modules/form/example.ts',
      'packages/core/src/designer/example.ts',
    ]) {
      expect(await messagesFor(file), file).toHaveLength(1);
    }
    expect(await messagesFor('apps/web/src/form/example.ts', "export const f = (t: string) => { switch (t.type) { case 'table': return 1; } };\n")).toHaveLength(1);
  });

  it('refuses a list of type names outside the registries (a set, an includes)', async () => {
    expect(await messagesFor('apps/web/src/features/flowRecipients/example.ts', "export const NUMERIC = new Set(['input_number', 'input_int', 'number']);\n")).toHaveLength(1);
    expect(await messagesFor('packages/core/src/flow/example.ts', "export const f = (t: string) => ['signature', 'm_data_ref'].includes(t);\n")).toHaveLength(1);
    expect(await messagesFor('packages/core/src/form/controls/example.ts', "export const NUMERIC = new Set(['input_number', 'input_int']);\n")).toEqual([]);
  });

  it('lets lists of words that other vocabularies share be (families, date parts, widget kinds)', async () => {
    expect(await messagesFor('packages/core/src/listPage/example.ts', "export const SORTABLE = new Set(['text', 'number', 'choice', 'date']);\n")).toEqual([]);
    expect(await messagesFor('packages/core/src/report/example.ts', "export const LEVELS = ['year', 'month', 'date', 'time'];\n")).toEqual([]);
  });

  it('keeps the security bans in the same files', async () => {
    expect(await messagesFor('apps/web/src/form/example.ts', "export const f = () => eval('1');\n")).toEqual(['禁止使用 eval（DESIGN.md §9）']);
  });

  it('lets the registries and the tests name types', async () => {
    for (const file of [
      'packages/core/src/form/registry.ts',
      'packages/core/src/form/controls/example.ts',
      'apps/web/src/controls/choice/example.ts',
      'apps/web/src/form/example.test.ts',
    ]) {
      expect(await messagesFor(file), file).toEqual([]);
    }
  });

  it('lets other `.type` fields be compared with other words', async () => {
    expect(await messagesFor('apps/web/src/form/example.ts', "export const f = (p: { type: string }) => p.type === 'field';\n")).toEqual([]);
  });
});
