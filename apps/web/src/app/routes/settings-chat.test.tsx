import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ChatForbiddenWords } from '@plateau/contract';
import { wordsOf } from '../../features/settings/components/forbidden-words-section.tsx';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

/** The settings page's other reads, and the forbidden words as the server keeps them. */
const wordsServer = (words: string[]) => {
  const state = { words, saved: [] as ChatForbiddenWords[] };
  server.use(
    http.get('*/api/gpaPromo', () => HttpResponse.json({ gpaPromo: -1 })),
    http.get('*/api/chatForbiddenWords', () => HttpResponse.json({ words: state.words })),
    http.put('*/api/chatForbiddenWords', async ({ request }) => {
      const body = (await request.json()) as ChatForbiddenWords;
      state.saved.push(body);
      state.words = body.words;
      return HttpResponse.json(body);
    }),
  );
  return state;
};

describe('/settings: forbidden words of the chat', () => {
  it('shows the words one a line and saves the list whole, blanks and repeats left out', async () => {
    const state = wordsServer(['crétin']);
    signIn(makeToken({ role: 'geek' }));
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Chat des directs' });
    const field = await within(section).findByRole('textbox', {
      name: 'Mots interdits dans le chat',
    });
    expect(field).toHaveValue('crétin');
    const save = within(section).getByRole('button', { name: 'Enregistrer les mots interdits' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.type(field, '{Enter}{Enter}  idiot {Enter}crétin');
    await user.click(save);
    await waitFor(() => expect(state.saved).toEqual([{ words: ['crétin', 'idiot'] }]));
    expect(await screen.findByText('Mots interdits enregistrés')).toBeVisible();
    expect(field).toHaveValue('crétin\nidiot');
  });

  it('refuses a word over 60 characters before sending', async () => {
    const state = wordsServer([]);
    signIn(makeToken({ role: 'geek' }));
    renderApp('/settings');
    const field = await screen.findByRole('textbox', { name: 'Mots interdits dans le chat' });
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('a'.repeat(61));
    expect(screen.getByText(/dépasse 60 caractères/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer les mots interdits' })).toBeDisabled();
    expect(state.saved).toEqual([]);
  });

  it('reads one word a line', () => {
    expect(wordsOf(' a \n\nb\na\n')).toEqual(['a', 'b']);
  });
});
