import { describe, expect, it } from 'vitest';
import { runImportFault } from '../../../test/importFault.ts';

/*
 * The SIGKILL fault test against the real server process (see test/importFault.ts). It needs
 * one to three minutes on two cores — over the server suite's budget — so it runs only when
 * asked: IMPORT_FAULT=1 npx vitest run --project server importFault (or bench/import-fault.ts).
 */
describe.runIf(process.env.IMPORT_FAULT === '1')('an import killed with SIGKILL', () => {
  it('resumes after a restart: exactly the valid rows, no duplicates, a clear end state', { timeout: 600_000 }, async () => {
    const result = await runImportFault({ rows: Number(process.env.ROWS || 100_000), log: (line) => console.log(line) });
    expect(result.lines.join('\n')).toContain('PASS');
    expect(result.pass).toBe(true);
  });
});
