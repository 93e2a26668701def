import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatModerationList, ChatSettingsBody, DirectBody } from '@plateau/contract';
import { emptyChat } from '../../testing/handlers.ts';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

afterEach(() => vi.restoreAllMocks());

const log: ChatModerationList = {
  actions: [
    { at: '2026-11-21T20:41:00Z', moderator: 'bureau', action: 'delete', detail: 'Une insulte' },
    { at: '2026-11-21T20:42:00Z', moderator: 'bureau', action: 'mute', detail: 'lea' },
  ],
};

/** The direct 12 (chat off unless said) and its chat's calls, recorded in `sent`. */
const editServer = (chat = false) => {
  const token = makeToken({ role: 'geek' });
  const sent = {
    settings: [] as ChatSettingsBody[],
    cleared: 0,
    exportAuth: [] as (string | null)[],
    put: undefined as DirectBody | undefined,
    post: undefined as DirectBody | undefined,
  };
  const direct = makeDirect({ chat });
  server.use(
    http.get('*/api/directs/:id', () => HttpResponse.json({ directs: [direct], nResults: 1 })),
    http.put('*/api/directs/:id', async ({ request }) => {
      sent.put = (await request.json()) as DirectBody;
      return HttpResponse.json(direct);
    }),
    http.post('*/api/directs', async ({ request }) => {
      sent.post = (await request.json()) as DirectBody;
      return HttpResponse.json(makeDirect({ id: 31 }), { status: 201 });
    }),
    ...['next', 'previous'].map((direction) =>
      http.get(`*/api/directs/${direction}/:id`, () =>
        HttpResponse.json({ directs: [], nResults: 0 }),
      ),
    ),
    http.get('*/api/videos/direct/:id', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/media/poster/:id', () => new HttpResponse(null, { status: 404 })),
    http.get('*/api/directs/:id/chat/moderation', () => HttpResponse.json(log)),
    http.put('*/api/directs/:id/chat/settings', async ({ request }) => {
      sent.settings.push((await request.json()) as ChatSettingsBody);
      return HttpResponse.json({ ...emptyChat.state, enabled: true });
    }),
    http.get('*/api/directs/:id/chat/export.csv', ({ request }) => {
      sent.exportAuth.push(request.headers.get('Authorization'));
      return new HttpResponse('heure;auteur;message\n', {
        headers: { 'Content-Type': 'text/csv' },
      });
    }),
    http.delete('*/api/directs/:id/chat', () => {
      sent.cleared += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  signIn(token);
  return { sent, token };
};

describe('« Chat du direct » in the direct editor', () => {
  it('/addDirect: the box is off by default and sent as `chat`', async () => {
    const { sent } = editServer();
    const user = userEvent.setup();
    renderApp('/addDirect');
    const box = await screen.findByRole('checkbox', { name: 'Chat du direct' });
    expect(box).not.toBeChecked();
    await user.type(screen.getByLabelText(/Titre/), 'Nuit du cinéma');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(sent.post).toMatchObject({ chat: true }));
  });

  it('/editDirect: the switch opens the chat at once, and Valider keeps it open', async () => {
    const { sent } = editServer(false);
    const user = userEvent.setup();
    renderApp('/editDirect/12');
    const section = await screen.findByRole('region', { name: 'Chat du direct' });
    const toggle = within(section).getByRole('switch', { name: 'Chat du direct' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(sent.settings).toEqual([{ enabled: true }]));
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(sent.put).toMatchObject({ chat: true }));
  });

  it('/editDirect: lists the moderation log', async () => {
    editServer(true);
    renderApp('/editDirect/12');
    const table = await screen.findByRole('table', { name: 'Journal de modération' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'HeureModérateurActionDétail',
      expect.stringMatching(/21:41bureauMessage suppriméUne insulte$/),
      expect.stringMatching(/21:42bureauRendu muetlea$/),
    ]);
  });

  it('/editDirect: exports the CSV with the bearer header', async () => {
    const { sent, token } = editServer(true);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/editDirect/12');
    await user.click(await screen.findByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(sent.exportAuth).toEqual([`Bearer ${token}`]);
    expect(click.mock.contexts[0]).toHaveProperty('download', 'chat-dt-12.csv');
  });

  it('/editDirect: deletes the conversation only once confirmed', async () => {
    const { sent } = editServer(true);
    const user = userEvent.setup();
    renderApp('/editDirect/12');
    await user.click(await screen.findByRole('button', { name: 'Supprimer la conversation' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.cleared).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Supprimer la conversation' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() => expect(sent.cleared).toBe(1));
    expect(await screen.findByText('Conversation supprimée')).toBeVisible();
  });
});
