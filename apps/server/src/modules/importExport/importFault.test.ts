import { describe, expect, it } from 'vitest';
import { runImportFault } from '../../../test/importFault.ts';

/*
 * The SIGKILL fault test against the real server process (see test/importFault.ts): about 50 s
 * on an idle two-core machine, minutes when the machine is busy (hence the long timeout).
 * IMPORT_FAULT=0 skips it; bench/import-fault.ts runs the same test on its own.
 */
describe.skipIf(process.env.IMPORT_FAULT === '0')('an import killed with SIGKILL', () => {
  it('resumes after a restart: exactly the valid rows, no duplicates, a clear end state', { timeout: 600_000 }, async () => {
    const result = await runImportFault({ rows: Number(process.env.ROWS || 100_000), log: (line) => console.log(line) });
    expect(result.lines.join('\n')).toContain('PASS');
    expect(result.pass).toBe(true);
  });
});
