import { describe, expect, it } from 'vitest';
import { runAutomationFault } from '../../../test/automationFault.ts';

/*
 * The SIGKILL crash test against the real server process (see test/automationFault.ts), at a
 * smaller size than bench/automation-fault.ts (10,000 events). AUTOMATION_FAULT=0 skips it.
 */
describe.skipIf(process.env.AUTOMATION_FAULT === '0')('automations killed with SIGKILL mid-way', () => {
  it('end every execution once after a restart: one ledger row and one message per event', { timeout: 600_000 }, async () => {
    const result = await runAutomationFault({ events: Number(process.env.EVENTS || 1000), log: (line) => console.log(line) });
    expect(result.lines.join('\n')).toContain('PASS');
    expect(result.pass).toBe(true);
  });
});
