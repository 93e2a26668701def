import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { restoreThemeMode, setThemeMode } from '../../../lib/theme.ts';
import { renderApp } from '../../../testing/render.tsx';
import { notFoundMessages, secretMessages } from './not-found-messages.ts';

/** The message shown, found among `messages` (exactly one of them is on screen). */
const shownMessages = (messages: readonly string[]) =>
  messages.filter((message) => screen.queryByText(message));

describe('404 page', () => {
  it('shows the blue screen with a message, a QR code of the site and a way home', async () => {
    const { router } = renderApp('/nulle-part/ici');
    expect(await screen.findByRole('heading', { name: 'Erreur 404' })).toBeVisible();
    expect(shownMessages(notFoundMessages)).toHaveLength(1);
    const qrCode = screen.getByRole('img', { name: 'QR code du site' });
    expect(qrCode.tagName.toLowerCase()).toBe('svg');
    expect(qrCode.querySelectorAll('path').length).toBeGreaterThan(0);
    await userEvent.setup().click(screen.getByRole('link', { name: "Retour a l'accueil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Erreur 404' })).toBeNull());
  });

  it('draws its message once per visit, not at each render', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    renderApp('/nulle-part');
    const last = notFoundMessages.at(-1) ?? 'aucun message';
    expect(await screen.findByText(last)).toBeVisible();
    random.mockReturnValue(0);
    // A theme change re-renders the whole tree: the message must not change under the reader.
    act(() => setThemeMode('light'));
    expect(screen.getByText(last)).toBeVisible();
    expect(screen.queryByText(notFoundMessages[0])).toBeNull();
    random.mockRestore();
  });

  it('leaves the theme alone', async () => {
    localStorage.setItem('themeMode', '1');
    restoreThemeMode();
    renderApp('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Erreur 404' })).toBeVisible();
    expect(localStorage.getItem('themeMode')).toBe('1');
  });
});

describe('secret route', () => {
  const dark = 'rgb(16, 20, 24)';
  const day = 'rgb(245, 247, 250)';

  it('shows its special not-found page dark, and gives day mode back when the person leaves', async () => {
    localStorage.setItem('themeMode', '1');
    restoreThemeMode();
    const { router } = renderApp('/coulisses-a7f3');
    expect(await screen.findByRole('heading', { name: 'Erreur 404' })).toBeVisible();
    expect(shownMessages(secretMessages)).toHaveLength(1);
    expect(shownMessages(notFoundMessages)).toHaveLength(0);
    await waitFor(() => expect(document.body).toHaveStyle({ backgroundColor: dark }));
    // The choice stays day mode: a tab closed here opens in day mode next time.
    expect(localStorage.getItem('themeMode')).toBe('1');

    await userEvent.setup().click(screen.getByRole('link', { name: "Retour a l'accueil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.body).toHaveStyle({ backgroundColor: day }));
    expect(localStorage.getItem('themeMode')).toBe('1');
  });
});
