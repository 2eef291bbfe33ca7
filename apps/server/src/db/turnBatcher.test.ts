import { describe, expect, it } from 'vitest';
import { TurnBatcher } from './turnBatcher.ts';

const turn = () => new Promise((r) => setImmediate(r));

function recorder(maxInFlight: number, maxItems = 100) {
  const sent: string[][] = [];
  const finish: Array<() => void> = [];
  const batcher = new TurnBatcher<string, string>({
    isFull: (_, items) => items.length >= maxItems,
    maxInFlight,
    send: (_, items) => {
      sent.push(items);
      return new Promise<void>((resolve) => finish.push(resolve));
    },
  });
  const owner = {};
  const add = (key: string, item: string) => batcher.add(owner, key, () => key, item);
  return { sent, finish, add };
}

describe('TurnBatcher', () => {
  it('sends what arrived in one turn as one batch, per key', async () => {
    const r = recorder(2);
    r.add('a', '1');
    r.add('a', '2');
    r.add('b', '3');
    expect(r.sent).toEqual([]);
    await turn();
    expect(r.sent).toEqual([['1', '2'], ['3']]);
  });

  it('holds new work while the in-flight limit is reached, then sends it together', async () => {
    const r = recorder(1);
    r.add('a', '1');
    await turn();
    r.add('a', '2');
    await turn();
    r.add('a', '3');
    await turn();
    expect(r.sent).toEqual([['1']]);
    r.finish[0]!();
    await turn();
    expect(r.sent).toEqual([['1'], ['2', '3']]);
    // Once idle again, a lone call goes out in its own turn.
    r.finish[1]!();
    await turn();
    r.add('a', '4');
    await turn();
    expect(r.sent).toEqual([['1'], ['2', '3'], ['4']]);
  });

  it('sends a full batch at once, even over the in-flight limit', async () => {
    const r = recorder(1, 2);
    r.add('a', '1');
    r.add('a', '2');
    expect(r.sent).toEqual([['1', '2']]);
    r.add('a', '3');
    r.add('a', '4');
    expect(r.sent).toEqual([['1', '2'], ['3', '4']]);
  });

  it('keeps going when a send fails', async () => {
    const sent: string[][] = [];
    const batcher = new TurnBatcher<string, string>({
      isFull: () => false,
      maxInFlight: 1,
      send: async (_, items) => {
        sent.push(items);
        throw new Error('boom');
      },
    });
    const owner = {};
    batcher.add(owner, 'a', () => 'a', '1');
    await turn();
    batcher.add(owner, 'a', () => 'a', '2');
    await turn();
    await turn();
    expect(sent).toEqual([['1'], ['2']]);
  });
});
