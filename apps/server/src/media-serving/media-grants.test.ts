import { describe, expect, it } from 'vitest';
import { createMediaGrants } from './media-grants.ts';

describe('media grants', () => {
  it('makes one decision for the requests that reach an expired grant at once', async () => {
    let time = 0;
    const grants = createMediaGrants({ ttlMs: 5000, clock: () => time });
    let decisions = 0;
    const decide = async () => {
      decisions += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'granted';
    };
    const viewer = { userId: 1, role: 'user' as const, username: 'u', gdaAccess: false };
    const crowd = () =>
      Promise.all(Array.from({ length: 50 }, () => grants(viewer, 'stream:1:720', decide)));
    expect(await crowd()).toEqual(Array(50).fill('granted'));
    expect(decisions).toBe(1);
    time += 6000; // expired: the next crowd decides again, once
    await crowd();
    expect(decisions).toBe(2);
  });

  it('shares a refusal with the requests that waited for it, and keeps nothing', async () => {
    const grants = createMediaGrants({ ttlMs: 5000 });
    let decisions = 0;
    const refuse = async () => {
      decisions += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('hidden');
    };
    const results = await Promise.allSettled([
      grants(null, 'x', refuse),
      grants(null, 'x', refuse),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(decisions).toBe(1);
    await grants(null, 'x', refuse).catch(() => {});
    expect(decisions, 'a refusal is not kept').toBe(2);
  });
});
