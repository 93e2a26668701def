import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direct } from '@plateau/contract';
import { apiAs, type ApiCall } from '../support/api.ts';
import { look, signIn, useBrowser } from '../support/browser.ts';

const { visit } = useBrowser();
let api: ApiCall;
let direct: Direct;

beforeAll(async () => {
  ({ api } = await apiAs('e2e-geek'));
  direct = await api<Direct>('POST', 'directs', {
    title: 'Gala du chat',
    privacy: 1,
    chat: true,
  });
});
afterAll(async () => {
  await api('DELETE', `directs/${direct.id}`);
});

const openDirect = async (username: string) => {
  const page = await visit();
  await signIn(page, username);
  await page.goto(`/direct?d=${direct.id}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return page;
};

const chatOf = (page: Page) => page.getByRole('region', { name: /chat/i });

describe('the chat of a direct, in Chromium', () => {
  it('a student writes, a member sees it at once as text, deletes it and mutes the student', async () => {
    const member = await openDirect('membre');
    const student = await openDirect('spectateur');

    const said = 'Bonsoir <b>à tous</b> 🎉 https://exemple.fr';
    await student.getByRole('textbox', { name: 'Message' }).fill(said);
    await student.keyboard.press('Enter');
    // On the member's page within a second or two (a line reads « 21:42 spectateur » then the
    // message), as typed: no bold, no link from a student.
    const seen = chatOf(member).getByText(said);
    await seen.waitFor({ timeout: 5_000 });
    expect(await chatOf(member).locator('b').count()).toBe(0);
    expect(await chatOf(member).getByRole('link', { name: 'https://exemple.fr' }).count()).toBe(0);
    await look(member, 'chat-member');

    // Deleted by the member: gone from the student's page.
    await member.getByRole('button', { name: 'Modérer le message de spectateur' }).click();
    await member.getByRole('menuitem', { name: 'Supprimer' }).click();
    await chatOf(student).getByText(said).waitFor({ state: 'detached' });

    // Muted for 5 minutes: the student reads why and until when, and cannot write.
    await student.getByRole('textbox', { name: 'Message' }).fill('Pourquoi ?');
    await student.keyboard.press('Enter');
    await chatOf(member).getByText('Pourquoi ?').waitFor();
    await member.getByRole('button', { name: 'Modérer le message de spectateur' }).click();
    await member.getByRole('menuitem', { name: 'Rendre muet 5 minutes' }).click();
    await chatOf(student)
      .getByText(/Vous êtes rendu muet jusqu'à \d{2}:\d{2}/)
      .waitFor();
    expect(await student.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await look(student, 'chat-muted');

    // A member's link is one.
    await member
      .getByRole('textbox', { name: 'Message' })
      .fill('Le programme : https://exemple.fr/gala');
    await member.keyboard.press('Enter');
    await chatOf(student).getByRole('link', { name: 'https://exemple.fr/gala' }).waitFor();
  });

  it('signing out in one tab empties the chat in every tab (a school PC)', async () => {
    // A member this time: the student is still muted from the test above.
    const first = await openDirect('membre');
    await first.getByRole('textbox', { name: 'Message' }).fill('Une trace sur ce PC');
    await first.keyboard.press('Enter');
    const second = await first.context().newPage();
    await second.goto(`/direct?d=${direct.id}`);
    await chatOf(second).getByText('Une trace sur ce PC').waitFor();
    await first.getByRole('button', { name: 'Déconnexion' }).click();
    // The other tab keeps nothing of it: a visitor may not read a school direct's chat.
    await chatOf(second)
      .getByText('Une trace sur ce PC')
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(await second.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  });
});
