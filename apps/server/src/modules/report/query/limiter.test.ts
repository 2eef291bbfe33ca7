import { describe, expect, it } from 'vitest';
import { ResultCache } from './cache.ts';
import { Coalescer } from './coalesce.ts';
import { QueryLimiter } from './limiter.ts';

function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('report query limiter', () => {
  it('runs at most perUser per user and perServer in all; the rest wait in order, other users pass a full user', async () => {
    const l = new QueryLimiter(2, 3);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (user: string, name: string) => {
      const g = gate();
      gates.set(name, g);
      return l.run(user, async () => {
        started.push(name);
        await g.p;
      });
    };
    const all = [job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('b', 'b1'), job('b', 'b2')];
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    expect(l.stats).toEqual({ running: 2, queued: 3 });
    // a3 waits for user a; b1 passes it and takes the third server slot; b2 waits for the server.
    gates.get('a1')!.open();
    await tick();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1']);
    for (const g of gates.values()) g.open();
    await tick();
    await tick();
    for (const g of gates.values()) g.open();
    await Promise.all(all);
    expect(started).toHaveLength(5);
    expect(l.stats).toEqual({ running: 0, queued: 0 });
  });

  it('refuses with 429 when one user queues too many', async () => {
    const l = new QueryLimiter(1, 1, 1);
    const g = gate();
    const first = l.run('a', () => g.p);
    const second = l.run('a', async () => undefined);
    await expect(l.run('a', async () => undefined)).rejects.toMatchObject({ statusCode: 429, message: '报表查询排队过多，请稍后再试' });
    g.open();
    await Promise.all([first, second]);
  });
});

describe('result cache', () => {
  it('answers only while the stamp is the same, shares a running load and evicts the oldest', async () => {
    const c = new ResultCache<number>(2);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([c.once('k', 's1', load), c.once('k', 's1', load)])).toEqual([1, 1]);
    expect(await c.once('k', 's1', load)).toBe(1);
    expect(await c.once('k', 's2', load)).toBe(2); // the form changed
    c.set('x', 's', 10);
    c.set('y', 's', 11);
    expect(c.get('k', 's2')).toBeUndefined();
    expect(c.get('y', 's')).toBe(11);
  });
});

describe('coalescer', () => {
  it('shares a running read; with a max age keeps its answer that long, and forgets on demand', async () => {
    let reads = 0;
    const load = async () => ++reads;
    const plain = new Coalescer<number>();
    expect(await Promise.all([plain.run('k', load), plain.run('k', load)])).toEqual([1, 1]);
    expect(await plain.run('k', load)).toBe(2); // nothing kept after the call
    const kept = new Coalescer<number>(60_000);
    expect(await kept.run('r1:u1', load)).toBe(3);
    expect(await kept.run('r1:u1', load)).toBe(3);
    kept.forgetPrefix('r1:');
    expect(await kept.run('r1:u1', load)).toBe(4);
    const brief = new Coalescer<number>(1);
    await brief.run('k', load);
    await new Promise((r) => setTimeout(r, 5));
    expect(await brief.run('k', load)).toBe(6);
  });
});
