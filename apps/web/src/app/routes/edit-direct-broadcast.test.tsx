import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeLiveStatus } from '../../features/directs/testing/fixtures.ts';
import {
  broadcastServer,
  KEY,
  NEW_KEY,
  OWN_PAGE,
  SERVER_URL,
} from '../../features/directs/testing/broadcast-server.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { makeToken } from '../../testing/tokens.ts';

const HELP =
  'Dans OBS : Paramètres > Stream > Service personnalisé, puis collez le serveur et la clé. Dans Sortie, réglez l’intervalle d’images clés sur 2 s.';

const open = () => {
  signIn(makeToken({ role: 'geek' }));
  return { ...renderApp('/editDirect/12'), user: userEvent.setup() };
};

const section = async () => screen.findByRole('region', { name: 'Diffusion sur Plateau' });

describe('/editDirect/{id}: Diffuser sur Plateau', () => {
  it('turns broadcasting on at once, then shows the server, the hidden key and its own page', async () => {
    const server = broadcastServer();
    const { user } = open();
    const panel = await section();
    const toggle = within(panel).getByRole('switch', { name: 'Diffuser sur Plateau' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.getByLabelText('Lien du live')).toHaveValue('https://live.example.org/gala');

    await user.click(toggle);
    expect(await screen.findByText('Diffusion sur Plateau activée')).toBeVisible();
    expect(server.switches).toEqual([true]);
    expect(toggle).toBeChecked();
    expect(within(panel).getByLabelText('Serveur')).toHaveValue(SERVER_URL);
    expect(within(panel).getByText(HELP)).toBeVisible();
    // The form shows the live link the server made, read-only.
    const liveUrl = screen.getByLabelText('Lien du live');
    await waitFor(() => expect(liveUrl).toHaveValue(OWN_PAGE));
    expect(liveUrl).toHaveAttribute('readonly');

    // The key is not on the page until asked for.
    const key = within(panel).getByLabelText('Clé de stream');
    expect(key).not.toHaveValue(KEY);
    expect(screen.queryByDisplayValue(KEY)).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Afficher' }));
    expect(key).toHaveValue(KEY);
    await user.click(within(panel).getByRole('button', { name: 'Masquer' }));
    expect(key).not.toHaveValue(KEY);

    const writeText = vi.fn(() => Promise.resolve());
    // After setup: user-event installs its own clipboard, this one replaces it for the test.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(panel).getByRole('button', { name: 'Copier' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByText('Clé copiée !')).toBeVisible();

    // Valider leaves the live link to the server while broadcasting is on.
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(server.saved).toBeDefined());
    expect(server.saved).not.toHaveProperty('liveUrl');
  });

  it('« Latence faible » applies at once, says what to set in the encoder, and says a failure', async () => {
    const server = broadcastServer({ enabled: true });
    const { user } = open();
    const panel = await section();
    const low = await within(panel).findByRole('switch', { name: 'Latence faible' });
    expect(low).not.toBeChecked();
    expect(
      within(panel).getByText(/Réglez l’intervalle d’images clés de l’encodeur sur 1 s/),
    ).toBeVisible();
    await user.click(low);
    expect(
      await screen.findByText(
        'Latence faible activée : elle s’applique au prochain lancement du flux',
      ),
    ).toBeVisible();
    expect(server.lowLatencySwitches).toEqual([true]);
    expect(low).toBeChecked();
    // OBS's help follows: keyframes every second.
    expect(within(panel).getByText(HELP.replace('2 s', '1 s'))).toBeVisible();
    // Broadcasting itself was not touched.
    expect(server.switches).toEqual([]);
    await user.click(low);
    expect(await screen.findByText(/Latence faible désactivée/)).toBeVisible();
    expect(low).not.toBeChecked();
  });

  it('« Latence faible » stays as it was when the server refuses the change', async () => {
    broadcastServer({ enabled: true, failLowLatency: true });
    const { user } = open();
    const low = await within(await section()).findByRole('switch', { name: 'Latence faible' });
    await user.click(low);
    expect(await screen.findByText('Erreur pendant le changement de latence')).toBeVisible();
    expect(low).not.toBeChecked();
  });

  it('says when the live on the air is in low latency', async () => {
    broadcastServer({
      enabled: true,
      status: makeLiveStatus({ state: 'live', lowLatency: true }),
    });
    open();
    const panel = await section();
    expect(
      await within(panel).findByText('Le direct en cours est diffusé en latence faible.'),
    ).toBeVisible();
  });

  it('asks before regenerating the key: Annuler keeps it, Régénérer replaces it', async () => {
    const server = broadcastServer({ enabled: true });
    const { user } = open();
    const panel = await section();
    await user.click(await within(panel).findByRole('button', { name: 'Régénérer' }));
    const dialog = await screen.findByRole('dialog', { name: /Régénérer la clé de stream \?/ });
    expect(dialog).toHaveTextContent(/encodeur/);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.regenerations).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Régénérer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Régénérer' }),
    );
    expect(await screen.findByText('Nouvelle clé de stream créée')).toBeVisible();
    expect(server.regenerations).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(panel).getByRole('button', { name: 'Afficher' }));
    expect(within(panel).getByLabelText('Clé de stream')).toHaveValue(NEW_KEY);
  });

  it("shows the live's state and problem, keeps the switch while on the air, and ends it after asking", async () => {
    const problem = 'Flux refusé : la vidéo est en HEVC, réglez OBS sur x264.';
    const server = broadcastServer({
      enabled: true,
      status: makeLiveStatus({ state: 'live', viewers: 4, problem }),
    });
    const { user } = open();
    const panel = await section();
    expect(await within(panel).findByText('En direct')).toBeVisible();
    expect(within(panel).getByText('4 spectateurs')).toBeVisible();
    expect(within(panel).getByRole('alert')).toHaveTextContent(problem);
    expect(within(panel).getByRole('switch', { name: 'Diffuser sur Plateau' })).toBeDisabled();
    expect(
      within(panel).getByText('Terminez le direct avant de couper la diffusion.'),
    ).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Terminer le direct' }));
    const dialog = await screen.findByRole('dialog', { name: /Terminer le direct \?/ });
    expect(server.ends).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Terminer le direct' }));
    expect(await within(panel).findByText('Terminé')).toBeVisible();
    expect(server.ends).toBe(1);
    // The dialog hides the page from queries by role until it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel).getByRole('link', { name: 'Voir la page du direct' })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Terminer le direct' })).toBeNull();
  });

  it("shows how far the ended live's REDIFF is while its parts are joined", async () => {
    broadcastServer({
      enabled: true,
      status: makeLiveStatus({ state: 'ended', viewers: 0, playlist: null, rediffProgress: 42 }),
    });
    open();
    const panel = await section();
    expect(await within(panel).findByText('Préparation de la REDIFF…')).toBeVisible();
    const bar = within(panel).getByRole('progressbar', {
      name: 'Progression de la préparation de la REDIFF',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(within(panel).getByText('42 %')).toBeVisible();
  });

  it("warns while the live runs when the encoder's keyframes are too far apart", async () => {
    broadcastServer({
      enabled: true,
      status: makeLiveStatus({ state: 'live', segmentSeconds: 4.2 }),
    });
    open();
    const panel = await section();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Les images clés de l’encodeur sont trop espacées : le direct est découpé en segments de 4,2 s au lieu de 2 s, et chaque spectateur le voit avec plus de retard. Réglez l’intervalle d’images clés sur 2 s (OBS : Paramètres > Sortie ; vMix : réglages du flux ; ATEM : réglages du flux), puis relancez le flux.',
    );
  });

  it('says nothing of the keyframes when the segments are cut at 2 s', async () => {
    broadcastServer({
      enabled: true,
      status: makeLiveStatus({ state: 'live', segmentSeconds: 2.1 }),
    });
    open();
    const panel = await section();
    expect(await within(panel).findByText('En direct')).toBeVisible();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('turns broadcasting off, and the form then edits the live link the server left', async () => {
    const server = broadcastServer({ enabled: true });
    const { user } = open();
    const panel = await section();
    const toggle = within(panel).getByRole('switch', { name: 'Diffuser sur Plateau' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await within(panel).findByText('En attente')).toBeVisible();
    await user.click(toggle);
    expect(await screen.findByText('Diffusion sur Plateau désactivée')).toBeVisible();
    expect(server.switches).toEqual([false]);
    expect(within(panel).queryByLabelText('Clé de stream')).toBeNull();
    const liveUrl = screen.getByLabelText('Lien du live');
    expect(liveUrl).not.toHaveAttribute('readonly');
    expect(liveUrl).toHaveValue('');
  });

  it("says the server's reason when it refuses to turn broadcasting off (409)", async () => {
    const reason = 'Terminez le direct avant de couper la diffusion sur Plateau';
    broadcastServer({ enabled: true, refuseOff: reason });
    const { user } = open();
    const panel = await section();
    const toggle = within(panel).getByRole('switch', { name: 'Diffuser sur Plateau' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText(reason)).toBeVisible();
    expect(toggle).toBeChecked();
    expect(within(panel).getByLabelText('Clé de stream')).toBeVisible();
  });
});
