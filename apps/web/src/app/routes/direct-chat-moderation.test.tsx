import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chatServer as chatHandlers,
  makeChatMessage,
  writerState,
} from '../../features/chat/testing/chat-server.ts';
import { fakeEventSources } from '../../features/chat/testing/fake-event-source.ts';
import { liveDirectServer } from '../../features/directs/testing/live-server.ts';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { liveOff } from '../../testing/handlers.ts';
import { renderApp } from '../../testing/render.tsx';
import { makeToken } from '../../testing/tokens.ts';

beforeEach(() => vi.stubGlobal('EventSource', fakeEventSources()));
afterEach(() => vi.unstubAllGlobals());

const messages = [
  makeChatMessage({ id: 1, author: 'lea', authorId: 30, body: 'Une insulte' }),
  makeChatMessage({ id: 2, author: 'hugo', authorId: 31, body: 'Quelle heure le final ?' }),
];

/** The direct 12 with its chat open, read by a member who moderates it. */
const asMember = (state = writerState({ canModerate: true })) => {
  liveDirectServer({ direct: makeDirect({ chat: true }), status: liveOff });
  const chat = chatHandlers({ state, messages });
  signIn(makeToken({ role: 'plateau', username: 'bureau' }));
  return { ...chat, ...renderApp('/direct?d=12'), user: userEvent.setup() };
};

const openMenu = async (user: ReturnType<typeof userEvent.setup>, author: string) => {
  await user.click(await screen.findByRole('button', { name: `Modérer le message de ${author}` }));
  return screen.findByRole('menu');
};

describe('/direct?d=: moderating the chat', () => {
  it('gives a student no moderation at all', async () => {
    liveDirectServer({ direct: makeDirect({ chat: true }), status: liveOff });
    chatHandlers({ state: writerState(), messages });
    signIn(makeToken({ role: 'user' }));
    renderApp('/direct?d=12');
    const log = await screen.findByRole('log', { name: 'Messages du chat' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Modérer le message/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Modération du chat' })).toBeNull();
  });

  it('offers a moderator the four actions on each message', async () => {
    const { user } = asMember();
    const menu = await openMenu(user, 'lea');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Supprimer',
      'Rendre muet 5 minutes',
      'Rendre muet pour le reste du direct',
      'Épingler',
    ]);
  });

  it('deletes a message: asked of the server, gone from the list', async () => {
    const { user, sent } = asMember();
    const menu = await openMenu(user, 'lea');
    await user.click(within(menu).getByRole('menuitem', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('Une insulte')).toBeNull());
    expect(sent.deleted).toEqual([1]);
  });

  it("mutes the message's author for 5 minutes or the rest of the direct", async () => {
    const { user, sent } = asMember();
    await user.click(
      within(await openMenu(user, 'lea')).getByRole('menuitem', {
        name: 'Rendre muet 5 minutes',
      }),
    );
    await waitFor(() => expect(sent.mutes).toEqual([{ userId: 30, duration: 'minutes' }]));
    await user.click(
      within(await openMenu(user, 'hugo')).getByRole('menuitem', {
        name: 'Rendre muet pour le reste du direct',
      }),
    );
    await waitFor(() =>
      expect(sent.mutes).toEqual([
        { userId: 30, duration: 'minutes' },
        { userId: 31, duration: 'direct' },
      ]),
    );
  });

  it('pins a message above the list, and unpins it', async () => {
    const { user, sent } = asMember();
    await user.click(
      within(await openMenu(user, 'hugo')).getByRole('menuitem', { name: 'Épingler' }),
    );
    const pinned = await screen.findByRole('note', { name: 'Message épinglé' });
    expect(pinned).toHaveTextContent('Quelle heure le final ?');
    expect(sent.settings).toEqual([{ pinnedId: 2 }]);
    const menu = await openMenu(user, 'hugo');
    expect(within(menu).getByRole('menuitem', { name: 'Désépingler' })).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(within(pinned).getByRole('button', { name: 'Désépingler' }));
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Message épinglé' })).toBeNull());
    expect(sent.settings).toEqual([{ pinnedId: 2 }, { pinnedId: null }]);
  });

  it('turns slow mode and members only on from the bar', async () => {
    const { user, sent } = asMember();
    const bar = await screen.findByRole('group', { name: 'Modération du chat' });
    await user.click(within(bar).getByRole('combobox', { name: 'Mode lent' }));
    await user.click(await screen.findByRole('option', { name: '30 s' }));
    expect(await screen.findByText('Mode lent : un message toutes les 30 s')).toBeVisible();
    await user.click(within(bar).getByRole('switch', { name: 'Réservé aux membres' }));
    await waitFor(() =>
      expect(sent.settings).toEqual([{ slowModeSeconds: 30 }, { membersOnly: true }]),
    );
    await waitFor(() =>
      expect(within(bar).getByRole('switch', { name: 'Réservé aux membres' })).toBeChecked(),
    );
  });
});
