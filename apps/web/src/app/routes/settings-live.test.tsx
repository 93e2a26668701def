import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LiveSettings } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

/** The settings page's other reads, and the live settings as the server keeps them. */
const liveSettingsServer = (initial: LiveSettings, { fails = false } = {}) => {
  const state = { settings: initial, saved: [] as LiveSettings[] };
  server.use(
    http.get('*/api/gpaPromo', () => HttpResponse.json({ gpaPromo: -1 })),
    http.get('*/api/liveSettings', () => HttpResponse.json(state.settings)),
    http.put('*/api/liveSettings', async ({ request }) => {
      const body = (await request.json()) as LiveSettings;
      state.saved.push(body);
      if (fails) {
        return HttpResponse.json(
          { statusCode: 500, error: 'Erreur', message: 'Erreur' },
          { status: 500 },
        );
      }
      state.settings = body;
      return HttpResponse.json(body);
    }),
  );
  return state;
};

const open = async () => {
  signIn(makeToken({ role: 'geek' }));
  renderApp('/settings');
  const section = await screen.findByRole('region', { name: 'Directs sur Plateau' });
  return { section, user: userEvent.setup() };
};

const CURRENT = 'Un direct qui commence devient le DT en cours';
const REDIFF = 'Encoder et publier la REDIFF dès la fin du direct';

describe('/settings: Directs sur Plateau', () => {
  it('shows the live settings and saves each switch as soon as it changes', async () => {
    const state = liveSettingsServer({ liveSetsCurrent: true, publishRediff: false });
    const { section, user } = await open();
    const current = await within(section).findByRole('switch', { name: CURRENT });
    const rediff = within(section).getByRole('switch', { name: REDIFF });
    expect(current).toBeChecked();
    expect(rediff).not.toBeChecked();

    await user.click(rediff);
    expect(await screen.findByText('Modifications enregistrées')).toBeVisible();
    expect(state.saved).toEqual([{ liveSetsCurrent: true, publishRediff: true }]);
    await waitFor(() => expect(rediff).toBeEnabled());
    expect(rediff).toBeChecked();

    await user.click(current);
    await waitFor(() => expect(state.saved).toHaveLength(2));
    expect(state.saved[1]).toEqual({ liveSetsCurrent: false, publishRediff: true });
  });

  it('says when a switch could not be saved, and shows it as the server keeps it', async () => {
    const state = liveSettingsServer(
      { liveSetsCurrent: false, publishRediff: false },
      { fails: true },
    );
    const { section, user } = await open();
    const rediff = await within(section).findByRole('switch', { name: REDIFF });
    await user.click(rediff);
    expect(await screen.findByText("Une erreur s'est produite")).toBeVisible();
    expect(state.saved).toEqual([{ liveSetsCurrent: false, publishRediff: true }]);
    await waitFor(() => expect(rediff).toBeEnabled());
    expect(rediff).not.toBeChecked();
  });
});
