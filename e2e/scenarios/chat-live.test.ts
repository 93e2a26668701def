import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direct, DirectBroadcast, LiveStatus, User } from '@plateau/contract';
import { holdMachine, MACHINE_WAIT_MS } from '../../apps/server/src/test/machine-lock.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { look, signIn, signInWith, useBrowser } from '../support/browser.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

const chatOf = (page: Page) => page.getByRole('region', { name: /chat/i });

/**
 * The chat beside a live: a test pattern published into Plateau as an encoder does, watched by
 * two students and a member, each in a browser of their own.
 */
describe('the chat of a direct during its live, in Chromium', () => {
  // Only this part waits for the machine: a live's encoder and three players share the 2 cores
  // with no other live beside them.
  let releaseMachine: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    releaseMachine = await holdMachine('live');
  }, MACHINE_WAIT_MS);

  let geek: ApiCall;
  let onAir: Direct | undefined;
  let second: { id: number; username: string; password: string } | undefined;
  let encoder: { cut: () => Promise<void> } | undefined;
  let restoreCurrent: (() => Promise<unknown>) | undefined;

  const statusOf = (id: number) => geek<LiveStatus>('GET', `directs/${id}/live`);

  /** The live's status once `done` says so (expect.poll is for tests, not their hooks). */
  const statusWhen = async (id: number, done: (status: LiveStatus) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const status = await statusOf(id);
      if (done(status)) return status;
      if (Date.now() > deadline) throw new Error(`after ${ms} ms: ${JSON.stringify(status)}`);
      await sleep(500);
    }
  };

  beforeAll(async () => {
    ({ api: geek } = await apiAs('e2e-geek'));
    // A second student, for this test only.
    const username = `e2e-chat-${Date.now()}`;
    const password = randomBytes(12).toString('base64url');
    const user = await geek<User>('POST', 'users', { username, password, role: 'user' });
    second = { id: user.id, username, password };

    // A live that starts while no direct is « DT en cours » becomes it: the site's current
    // direct as it was, to put back after.
    const before = (await geek<{ directs: Direct[] }>('GET', 'currentDirect')).directs[0]?.id ?? -1;
    restoreCurrent = () => geek('PUT', `currentDirect/${before}`);

    onAir = await geek<Direct>('POST', 'directs', {
      title: 'Chat en direct',
      privacy: 1,
      chat: true,
      // Older than every seeded direct: the other scenarios' neighbours and lists stay theirs.
      date: '2001-05-18T20:00:00Z',
    });
    const { streamKey } = await geek<DirectBroadcast>('PUT', `directs/${onAir.id}/broadcast`, {
      enabled: true,
    });
    // A test pattern with sound, encoded as it is sent, as a camera's encoder does.
    const child = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostats', '-loglevel', 'error'],
        ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '60'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
        `rtmp://127.0.0.1:${plateau().rtmpPort}/live/${streamKey!}`,
      ],
      { stdio: 'ignore' },
    );
    const ended = new Promise((resolve) => child.once('exit', resolve));
    encoder = {
      cut: async () => {
        child.kill('SIGKILL');
        await ended;
      },
    };
    await statusWhen(onAir.id, ({ state }) => state === 'live', 60_000);
  }, 120_000);

  // Each step on its own: one that fails leaves the others to run, and is reported.
  afterAll(async () => {
    const problems: string[] = [];
    const step = async (what: string, action: () => Promise<unknown>) => {
      try {
        await action();
      } catch (error) {
        problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await step('encoder', async () => encoder?.cut());
    if (onAir) {
      const id = onAir.id;
      // Whether a live went on the air, even after the wait for it gave up: its REDIFF comes.
      const live = { was: false };
      await step('end of the live', async () => {
        const { state } = await statusOf(id);
        live.was = state !== 'off' && state !== 'waiting';
        if (state === 'live' || state === 'reconnecting')
          await geek('POST', `directs/${id}/live/end`);
      });
      if (live.was)
        await step('REDIFF', async () => {
          const { rediffVideoId } = await statusWhen(
            id,
            (status) => status.rediffVideoId !== null,
            90_000,
          );
          await geek('DELETE', `media/video/${rediffVideoId!}`);
          await geek('DELETE', `videos/${rediffVideoId!}`);
        });
    }
    await step('current direct', async () => restoreCurrent?.());
    if (onAir) {
      const id = onAir.id;
      await step('direct', () => geek('DELETE', `directs/${id}`));
    }
    if (second) {
      const id = second.id;
      await step('second student', () => geek('DELETE', `users/${id}`));
    }
    await step('machine', async () => releaseMachine?.());
    expect(problems).toEqual([]);
  }, 180_000);

  /** `username`'s page of the direct on air, its chat ready to write in. */
  const watch = async (username: string, password?: string) => {
    const page = await visit();
    if (password) await signInWith(page, username, password);
    else await signIn(page, username);
    await page.goto(`/direct?d=${onAir!.id}`);
    await chatOf(page).getByRole('textbox', { name: 'Message' }).waitFor();
    // The player's controls fade out while it plays: there, not necessarily visible.
    await page.getByTestId('live-badge').waitFor({ state: 'attached', timeout: 60_000 });
    return page;
  };

  /** `text` sent from `page`'s field. */
  const write = async (page: Page, text: string) => {
    const box = chatOf(page).getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
  };

  /** `text` in the chat of each of `pages`, within 10 s. */
  const seenBy = async (text: string, ...pages: Page[]) => {
    for (const page of pages) await chatOf(page).getByText(text).waitFor({ timeout: 10_000 });
  };

  /** `text` gone from the chat of each of `pages`, within 10 s. */
  const goneFor = async (text: string, ...pages: Page[]) => {
    for (const page of pages) {
      await chatOf(page).getByText(text).waitFor({ state: 'detached', timeout: 10_000 });
    }
  };

  /** The moderator's menu of the message reading `text`. */
  const moderate = async (page: Page, text: string, author: string, action: string) => {
    await chatOf(page)
      .locator('li', { hasText: text })
      .getByRole('button', { name: `Modérer le message de ${author}` })
      .click();
    await page.getByRole('menuitem', { name: action }).click();
  };

  /**
   * The live's picture held still for a look: playing, its controls fade out, and axe would
   * catch them mid-fade.
   */
  const holdPicture = (page: Page) =>
    page.locator('video').evaluate((media: HTMLVideoElement) => media.pause());

  it('two students and a member talk, one is moderated, slow mode holds, a shared PC signs out', async () => {
    const { username: b, password } = second!;
    const studentA = await watch('spectateur');
    const member = await watch('membre');
    const studentB = await watch(b, password);

    // Messages every way, each seen before the next is sent.
    await write(studentA, 'Bonsoir depuis le CDI');
    await seenBy('Bonsoir depuis le CDI', member, studentB);
    await write(member, 'Bienvenue à tous pour ce direct');
    await seenBy('Bienvenue à tous pour ce direct', studentA, studentB);
    await write(studentB, 'On entend bien le son');
    await seenBy('On entend bien le son', studentA, member);
    await write(studentB, 'Message hors sujet');
    await seenBy('Message hors sujet', studentA, member);

    // The member deletes one of B's messages: gone for everyone.
    await moderate(member, 'Message hors sujet', b, 'Supprimer');
    await goneFor('Message hors sujet', studentA, studentB, member);
    await chatOf(studentA).getByText('On entend bien le son').waitFor();

    // The member mutes B for 5 minutes: B reads until when and has no field; A still writes.
    await moderate(member, 'On entend bien le son', b, 'Rendre muet 5 minutes');
    // The member is told, and closes the notice: its 6 s stop while the window is not the
    // focused one (three browsers here), and on a phone it covers the field.
    const muted = member.getByRole('alert').filter({ hasText: `${b} est rendu muet 5 minutes` });
    await muted.waitFor({ timeout: 10_000 });
    await muted.getByRole('button').click();
    await muted.waitFor({ state: 'detached' });
    await chatOf(studentB)
      .getByText(/^Vous êtes rendu muet jusqu'à \d{2}:\d{2}$/)
      .waitFor({ timeout: 10_000 });
    expect(await studentB.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await write(studentA, 'Je peux encore écrire');
    await seenBy('Je peux encore écrire', member, studentB);
    const aLastWrote = Date.now();

    // Slow mode from the member's bar: every reader is told.
    await member.getByRole('combobox', { name: 'Mode lent' }).click();
    await member.getByRole('option', { name: '10 s' }).click();
    for (const page of [studentA, studentB, member]) {
      await chatOf(page)
        .getByText('Mode lent : un message toutes les 10 s')
        .waitFor({ timeout: 10_000 });
    }
    expect(await member.getByRole('combobox', { name: 'Mode lent' }).textContent()).toBe('10 s');

    // The member's page during the live, in the dark theme and then the light one.
    await holdPicture(member);
    await look(member, 'chat-live-member');
    // Each visitor has a browser of its own: the theme goes with it, nothing to put back.
    await member.evaluate(() => localStorage.setItem('themeMode', '1'));
    await member.reload();
    await chatOf(member).getByRole('textbox', { name: 'Message' }).waitFor();
    await chatOf(member).getByText('Je peux encore écrire').waitFor();
    await member.getByTestId('live-badge').waitFor({ state: 'attached', timeout: 60_000 });
    await holdPicture(member);
    await look(member, 'chat-live-light');

    // A's last message is over 10 s old: one goes, the next one at once is refused with the wait.
    await sleep(Math.max(0, aLastWrote + 11_000 - Date.now()));
    await write(studentA, 'Une question sur le programme');
    await seenBy('Une question sur le programme', studentA, member);
    await write(studentA, 'Et une autre tout de suite');
    const refusal = chatOf(studentA).getByRole('alert');
    await refusal.waitFor({ timeout: 10_000 });
    const [, wait] = /^Mode lent : réessayez dans (\d+) s$/.exec((await refusal.textContent())!)!;
    expect(Number(wait)).toBeGreaterThanOrEqual(1);
    expect(Number(wait)).toBeLessThanOrEqual(10);
    // What was typed stays, and was never sent.
    expect(await chatOf(studentA).getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
      'Et une autre tout de suite',
    );
    expect(await chatOf(member).getByText('Et une autre tout de suite').count()).toBe(0);

    // Slow mode off again: the rule goes from every page.
    await geek('PUT', `directs/${onAir!.id}/chat/settings`, { slowModeSeconds: 0 });
    for (const page of [studentA, studentB, member]) {
      await chatOf(page)
        .getByText('Mode lent : un message toutes les 10 s')
        .waitFor({ state: 'detached', timeout: 10_000 });
    }

    // A school PC: A has the direct open in a second tab and signs out in the first; the second
    // keeps nothing of the chat (a visitor may not read a school direct's).
    const otherTab = await studentA.context().newPage();
    await otherTab.goto(`/direct?d=${onAir!.id}`);
    await chatOf(otherTab).getByText('Bonsoir depuis le CDI').waitFor();
    await chatOf(otherTab).getByRole('textbox', { name: 'Message' }).waitFor();
    await studentA.getByRole('button', { name: 'Déconnexion' }).click();
    await chatOf(otherTab)
      .getByText('Bonsoir depuis le CDI')
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(await otherTab.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  }, 240_000);
});
