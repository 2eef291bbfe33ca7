import { describe, expect, it } from 'vitest';
import { OUTAGE_WARN_EVERY_MS, OutageLog } from './outage.ts';

/* Issue 35 §3: an outage warns once, then at most once a minute, and says once that it is over. */

function logged() {
  const lines: Array<[string, string, Record<string, unknown>]> = [];
  const log = { warn: (o: object, m: string) => lines.push(['warn', m, o as Record<string, unknown>]), info: (o: object, m: string) => lines.push(['info', m, o as Record<string, unknown>]) };
  return { lines, log };
}

describe('OutageLog', () => {
  it('warns at the first failure, then once a minute with the count it left out, and once when reached again', () => {
    let now = 1_000_000;
    const { lines, log } = logged();
    const outage = new OutageLog(log, 'http', undefined, () => now);
    const err = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 500; i++) {
      outage.failed(err);
      now += 100; // 500 failures over 50 s
    }
    expect(lines.map(([level, msg]) => [level, msg])).toEqual([['warn', 'database unavailable']]);
    now += OUTAGE_WARN_EVERY_MS;
    outage.failed(err);
    expect(lines[1]).toEqual(['warn', 'database still unavailable', expect.objectContaining({ notLogged: 499 })]);
    outage.reached();
    outage.reached();
    expect(lines.slice(2).map(([level, msg]) => [level, msg])).toEqual([['info', 'database reachable again']]);
    expect(outage.isDown).toBe(false);
  });

  it('counts a failure after two quiet windows as a new outage even when nothing saw the last one end', () => {
    let now = 0;
    const { lines, log } = logged();
    const outage = new OutageLog(log, 'jobs', undefined, () => now);
    outage.failed(new Error('Connection terminated unexpectedly'));
    now += 3 * OUTAGE_WARN_EVERY_MS;
    outage.failed(new Error('Connection terminated unexpectedly'));
    expect(lines.map(([, msg]) => msg)).toEqual(['database unavailable', 'database unavailable']);
  });
});
