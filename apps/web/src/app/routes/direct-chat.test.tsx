import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessages } from '@plateau/contract/constants';
import {
  chatServer as chatHandlers,
  makeChatMessage,
  writerState,
} from '../../features/chat/testing/chat-server.ts';
import {
  FakeEventSource,
  fakeEventSources,
  openSources,
} from '../../features/chat/testing/fake-event-source.ts';
import { liveDirectServer } from '../../features/directs/testing/live-server.ts';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn, signOut } from '../../lib/session.ts';
import { liveOff } from '../../testing/handlers.ts';
import { renderApp } from '../../testing/render.tsx';
import { makeToken } from '../../testing/tokens.ts';

beforeEach(() => vi.stubGlobal('EventSource', fakeEventSources()));
afterEach(() => vi.unstubAllGlobals());

/** The direct 12 with its chat open and nothing on the air. */
const chatServer = (options?: Parameters<typeof chatHandlers>[0]) => {
  liveDirectServer({ direct: makeDirect({ chat: true }), status: liveOff });
  return chatHandlers(options);
};

const open = () => ({ ...renderApp('/direct?d=12'), user: userEvent.setup() });

const findLog = () => screen.findByRole('log', { name: 'Messages du chat' });

/** The stream the panel opened, once it has. */
const findStream = async () => {
  await waitFor(() => expect(openSources()).toHaveLength(1));
  return openSources()[0]!;
};

describe('/direct?d= with its chat', () => {
  it('shows no chat when the direct has none', async () => {
    liveDirectServer({ direct: makeDirect({ chat: false }), status: liveOff });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Gala des Arts 2026' });
    expect(screen.queryByRole('heading', { name: 'Chat du direct' })).toBeNull();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('shows every message as text: an HTML message reads literally, emoji as typed', async () => {
    chatServer({
      messages: [makeChatMessage({ id: 1, body: '<img src=x onerror=alert(1)><b>gras</b> 🎉' })],
    });
    open();
    const log = await findLog();
    expect(within(log).getByText('<img src=x onerror=alert(1)><b>gras</b> 🎉')).toBeVisible();
    expect(log.querySelector('img, b')).toBeNull();
  });

  it("makes a member's links clickable, and leaves anyone else's as text", async () => {
    chatServer({
      messages: [
        makeChatMessage({ id: 1, author: 'lea', body: 'regardez https://evil.example/x' }),
        makeChatMessage({
          id: 2,
          author: 'bureau',
          authorIsMember: true,
          body: 'Le programme : https://plateau.example/gala.',
        }),
      ],
    });
    open();
    const log = await findLog();
    const links = within(log).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('https://plateau.example/gala');
    expect(links[0]).toHaveAttribute('href', 'https://plateau.example/gala');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(log).getByText(/https:\/\/evil\.example\/x/)).toBeVisible();
    // The member's name is marked, the student's is not.
    expect(within(log).getAllByRole('img', { name: 'Membre' })).toHaveLength(1);
  });

  it('invites a visitor to sign in instead of the field', async () => {
    chatServer();
    open();
    await findLog();
    const blocked = screen.getByTestId('chat-blocked');
    expect(blocked).toHaveTextContent(chatMessages.signIn);
    expect(within(blocked).getByRole('link', { name: 'Connexion' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    // A visitor reads live too; an empty chat follows from its very first message.
    const stream = await findStream();
    expect(stream.params.get('token')).toBeNull();
    expect(stream.params.get('after')).toBe('0');
  });

  it('tells a muted student until when, or for the rest of the direct', async () => {
    chatServer({ state: writerState({ canWrite: false, mutedUntil: '2026-11-21T20:42:00Z' }) });
    signIn(makeToken({ role: 'user' }));
    open();
    await findLog();
    expect(screen.getByTestId('chat-blocked')).toHaveTextContent(
      "Vous êtes rendu muet jusqu'à 21:42",
    );
    const stream = await findStream();
    stream.emit('state', writerState({ canWrite: false, mutedUntil: null }));
    await waitFor(() =>
      expect(screen.getByTestId('chat-blocked')).toHaveTextContent(
        'Vous êtes rendu muet pour le reste du direct',
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('says when the chat is for members only, and shows the slow mode', async () => {
    chatServer({ state: writerState({ canWrite: false, membersOnly: true, slowModeSeconds: 10 }) });
    signIn(makeToken({ role: 'user' }));
    open();
    await findLog();
    expect(screen.getByTestId('chat-blocked')).toHaveTextContent(chatMessages.membersOnly);
    expect(screen.getByText('Mode lent : un message toutes les 10 s')).toBeVisible();
  });

  it('sends with Enter and counts against the limit; the echo of the stream is not doubled', async () => {
    const { sent } = chatServer({ state: writerState() });
    signIn(makeToken({ role: 'user' }));
    const { user } = open();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Bravo !');
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('7/300');
    await user.keyboard('{Enter}');
    const log = await findLog();
    await within(log).findByText('Bravo !');
    expect(sent.posts).toEqual(['Bravo !']);
    expect(field).toHaveValue('');
    const stream = await findStream();
    stream.emit('message', makeChatMessage({ id: 101, body: 'Bravo !' }), 101);
    stream.emit('message', makeChatMessage({ id: 102, body: 'Et merci' }), 102);
    await within(log).findByText('Et merci');
    expect(within(log).getAllByText('Bravo !')).toHaveLength(1);
  });

  it("shows the server's refusal under the field and keeps what was typed", async () => {
    const { sent } = chatServer({
      state: writerState(),
      post: () => ({ status: 400, message: chatMessages.forbiddenWord }),
    });
    signIn(makeToken({ role: 'user' }));
    const { user } = open();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'un gros mot{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(chatMessages.forbiddenWord);
    expect(field).toHaveValue('un gros mot');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent.posts).toEqual(['un gros mot']);
    expect(within(await findLog()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('refuses to send over 300 characters before asking', async () => {
    const { sent } = chatServer({ state: writerState() });
    signIn(makeToken({ role: 'user' }));
    const { user } = open();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'a'.repeat(301) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('301/300');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(sent.posts).toEqual([]);
  });

  it('opens the stream after the last message, with the token; applies its events once each', async () => {
    const token = makeToken({ role: 'user' });
    chatServer({
      state: writerState(),
      messages: [makeChatMessage({ id: 1 }), makeChatMessage({ id: 2, body: 'Deuxième' })],
    });
    signIn(token);
    open();
    const log = await findLog();
    const stream = await findStream();
    expect(stream.url).toMatch(/^\/api\/directs\/12\/chat\/events\?/);
    expect(stream.params.get('token')).toBe(token);
    expect(stream.params.get('after')).toBe('2');

    const third = makeChatMessage({ id: 3, author: 'hugo', body: 'Troisième' });
    stream.emit('message', third, 3);
    stream.emit('message', third, 3);
    stream.emit('message', makeChatMessage({ id: 2, body: 'Deuxième' }), 2);
    stream.emit('message', makeChatMessage({ id: 4, body: 'Quatrième' }), 4);
    await within(log).findByText('Quatrième');
    const ids = () =>
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.dataset.messageId);
    expect(ids()).toEqual(['1', '2', '3', '4']);

    stream.emit('deleted', { id: 2 });
    await waitFor(() => expect(ids()).toEqual(['1', '3', '4']));
    expect(within(log).queryByText('Deuxième')).toBeNull();

    stream.emit('state', writerState({ slowModeSeconds: 30 }));
    expect(await screen.findByText('Mode lent : un message toutes les 30 s')).toBeVisible();

    stream.emit('cleared', {});
    expect(await screen.findByText('Aucun message pour le moment.')).toBeVisible();
    expect(within(log).queryAllByRole('listitem')).toHaveLength(0);
    // One stream all along: applying events never reopened it.
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('offers « Nouveaux messages » to a reader who scrolled up, and takes them back down', async () => {
    chatServer({ messages: [makeChatMessage({ id: 1 })] });
    const { user } = open();
    await findLog();
    const stream = await findStream();
    const scroller = screen.getByTestId('chat-scroller');
    // jsdom lays nothing out: the list is 300 px tall over 1,000 px of messages.
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 300 });

    // At the bottom, the list follows: no button.
    scroller.scrollTop = 700;
    fireEvent.scroll(scroller);
    stream.emit('message', makeChatMessage({ id: 2 }), 2);
    await waitFor(() => expect(scroller.scrollTop).toBe(1000));
    expect(screen.queryByRole('button', { name: 'Nouveaux messages' })).toBeNull();

    // Scrolled up to read back: the list stays, and the button appears.
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    stream.emit('message', makeChatMessage({ id: 3 }), 3);
    const back = await screen.findByRole('button', { name: 'Nouveaux messages' });
    expect(scroller.scrollTop).toBe(100);
    await user.click(back);
    expect(scroller.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'Nouveaux messages' })).toBeNull();
  });

  it('closes the stream and empties the chat at sign-out, and opens a new one at sign-in', async () => {
    chatServer({ state: writerState(), messages: [makeChatMessage({ id: 1, body: 'Secret' })] });
    signIn(makeToken({ role: 'user' }));
    open();
    const first = await findStream();
    act(() => signOut());
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await waitFor(() => expect(screen.queryByText('Secret')).toBeNull());

    const next = makeToken({ user: 8, username: 'hugo' });
    act(() => signIn(next));
    await waitFor(() =>
      expect(openSources().map((source) => source.params.get('token'))).toEqual([next]),
    );
  });

  it('reads the page again when the server closes the stream for good', async () => {
    const { sent } = chatServer({ state: writerState() });
    signIn(makeToken({ role: 'user' }));
    open();
    const stream = await findStream();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stream.fail();
      await act(() => vi.advanceTimersByTimeAsync(2500));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(sent.reads.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(openSources()).toHaveLength(1));
    expect(openSources()[0]).not.toBe(stream);
  });
});
