import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { afterCrowd, collectGarbage } from './after-crowd.ts';

describe('after a crowd', () => {
  it('collects once, when everything has been quiet for a while, and never without a crowd', async () => {
    let busy = 0;
    let collections = 0;
    const crowd = afterCrowd({ busy: () => busy, quietMs: 40, collect: () => (collections += 1) });
    await sleep(100);
    expect(collections, 'no crowd, no collection').toBe(0);
    crowd.crowded();
    busy = 3;
    for (let i = 0; i < 5; i += 1) {
      crowd.admitted();
      await sleep(20);
    }
    expect(collections, 'not while requests come').toBe(0);
    busy = 0;
    await sleep(150);
    expect(collections).toBe(1);
    await sleep(100);
    expect(collections, 'once per crowd').toBe(1);
    crowd.stop();
  });

  it("runs V8's full collection without --expose-gc", () => {
    expect(() => collectGarbage()).not.toThrow();
  });
});
