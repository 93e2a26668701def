import { describe, expect, it } from 'vitest';
import { createWorkPool, settleAll } from './work-pool.ts';

/** A task that ends when told, recording how many ran at once. */
const gate = () => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkPool', () => {
  it('runs at most its size at once, in the order handed in, and gives each its value', async () => {
    const pool = createWorkPool(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, index) =>
      pool.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await g.opened;
        running -= 1;
        return index * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
    expect(most).toBe(2);
  });

  it('starts the waiting tasks by rank, then in the order handed in', async () => {
    const pool = createWorkPool(1);
    const busy = gate();
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
    };
    const first = pool.run(() => busy.opened);
    const rest = [
      pool.run(task('720 a'), 1),
      pool.run(task('240 a'), 3),
      pool.run(task('1080 a'), 0),
      pool.run(task('720 b'), 1),
      pool.run(task('1080 b'), 0),
    ];
    busy.open();
    await Promise.all([first, ...rest]);
    expect(started).toEqual(['1080 a', '1080 b', '720 a', '720 b', '240 a']);
  });

  it('frees the slot of a failed task, and is at least one wide', async () => {
    const pool = createWorkPool(0);
    expect(pool.size).toBe(1);
    const failed = pool.run(() => Promise.reject(new Error('edge')));
    const next = pool.run(async () => 'next');
    await expect(failed).rejects.toThrow('edge');
    expect(await next).toBe('next');
  });
});

describe('settleAll', () => {
  it('waits for every promise before throwing the first failure', async () => {
    const slow = gate();
    let slowDone = false;
    const all = settleAll([
      Promise.reject(new Error('first')),
      slow.opened.then(() => {
        slowDone = true;
      }),
      Promise.reject(new Error('second')),
    ]);
    let settled = false;
    void all.catch(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    slow.open();
    await expect(all).rejects.toThrow('first');
    expect(slowDone).toBe(true);
  });

  it('gives the values in order', async () => {
    expect(await settleAll([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
  });
});
