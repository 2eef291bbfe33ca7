/**
 * Fault test of Excel import (issue 8): SIGKILL the server (and its embedded PostgreSQL) during a
 * 100,000-row import, restart it, and check the table holds exactly the valid rows, once each,
 * and that the job ends in a clear state. Prints PASS or FAIL. ROWS, KILL_AT (0.3) and
 * LEASE_SECONDS (5) may be set. Also run as apps/server/src/modules/importExport/importFault.test.ts.
 */
import { runImportFault } from '../apps/server/test/importFault.ts';
import { machine } from './lib.ts';

console.log(`machine: ${machine()}`);
const t0 = performance.now();
const result = await runImportFault({
  rows: Number(process.env.ROWS || 100_000),
  killAt: Number(process.env.KILL_AT || 0.3),
  leaseSeconds: Number(process.env.LEASE_SECONDS || 5),
  log: (line) => console.log(line),
});
console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(result.pass ? 0 : 1);
