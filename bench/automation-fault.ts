/**
 * Crash test of the automation engine (issue 18): 10,000 events in flight, SIGKILL of the server
 * (and its embedded PostgreSQL), restart; every execution must end once, with exactly one ledger
 * row and one message per event. Prints PASS or FAIL. EVENTS (10000) and KILL_AT (0.3) may be set.
 * Also run smaller as apps/server/src/modules/automation/automationFault.test.ts.
 */
import { runAutomationFault } from '../apps/server/test/automationFault.ts';
import { machine } from './lib.ts';

console.log(`machine: ${machine()}`);
const t0 = performance.now();
const result = await runAutomationFault({
  events: Number(process.env.EVENTS || 10_000),
  killAt: Number(process.env.KILL_AT || 0.3),
  log: (line) => console.log(line),
});
console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(result.pass ? 0 : 1);
