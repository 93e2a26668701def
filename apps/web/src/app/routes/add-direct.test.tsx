import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DirectBody, DirectBroadcastBody } from '@plateau/contract';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'affiche.png', { type: 'image/png' });

const failure = (status = 500) =>
  HttpResponse.json({ statusCode: status, error: 'Erreur', message: 'Erreur' }, { status });

/**
 * The server of a creation: POST directs answers the direct 31, the poster upload answers ok,
 * and the direct page it then opens has what it needs. Returns what was sent.
 */
const creationServer = ({ upload = 'ok' }: { upload?: 'ok' | 'fails' } = {}) => {
  const sent: { body?: DirectBody; posters: number } = { posters: 0 };
  const created = makeDirect({ id: 31, title: 'Nuit du cinéma' });
  server.use(
    http.post('*/api/directs', async ({ request }) => {
      sent.body = (await request.json()) as DirectBody;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/api/media/poster/:id', ({ params }) => {
      if (params.id !== '31') return failure(404);
      sent.posters += 1;
      return upload === 'ok' ? HttpResponse.json({ ok: true }) : failure(400);
    }),
    http.get('*/api/directs/:id', () => HttpResponse.json({ directs: [created], nResults: 1 })),
    ...['next', 'previous'].map((direction) =>
      http.get(`*/api/directs/${direction}/:id`, () =>
        HttpResponse.json({ directs: [], nResults: 0 }),
      ),
    ),
    http.get('*/api/videos/direct/:id', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/media/poster/:id', () => new HttpResponse(null, { status: 404 })),
  );
  return sent;
};

const open = (gdaAccess = true) => {
  signIn(makeToken({ role: 'geek', gda_access: gdaAccess }));
  const view = renderApp('/addDirect');
  return { ...view, user: userEvent.setup() };
};

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

describe('/addDirect', () => {
  it('keeps Valider disabled while the title is empty, and sends an empty promo as -1', async () => {
    const sent = creationServer();
    const { user, router } = open();
    const submit = await screen.findByRole('button', { name: 'Valider' });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText('Date')).toHaveValue(today());
    expect(screen.getByRole('combobox', { name: 'Accès' })).toHaveTextContent('CS');

    await user.type(screen.getByLabelText(/Titre/), '   ');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Titre/), 'Nuit du cinéma');
    // Pasted, as a link usually is (typing it key by key is slow under jsdom).
    await user.click(screen.getByLabelText('Lien du live'));
    await user.paste('https://live.example.org/cine');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Direct créée avec succès')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?d=31'));
    expect(router.state.location.pathname).toBe('/direct');
    expect(sent.body).toEqual({
      title: 'Nuit du cinéma',
      description: '',
      liveUrl: 'https://live.example.org/cine',
      privacy: 1,
      gpa_restricted: false,
      promotion: -1,
      date: today(),
      chat: false,
    });
    expect(sent.posters).toBe(0);
  });

  it("reads 'Valider & uploader' once a poster is chosen, then uploads it after the direct", async () => {
    const sent = creationServer();
    const { user, router } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    expect(screen.getByRole('button', { name: 'Valider' })).toBeEnabled();

    await user.upload(screen.getByLabelText('Poster'), png());
    const submit = screen.getByRole('button', { name: 'Valider & uploader' });
    expect(screen.getByText(/affiche\.png/)).toBeVisible();
    await user.click(submit);

    expect(await screen.findByText('Poster uploadé avec succès')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?d=31'));
    expect(sent.posters).toBe(1);
  });

  it('says when the poster failed, and still opens the saved direct', async () => {
    creationServer({ upload: 'fails' });
    const { user, router } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    await user.upload(screen.getByLabelText('Poster'), png());
    await user.click(screen.getByRole('button', { name: 'Valider & uploader' }));
    expect(await screen.findByText("Erreur pendant l'upload")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?d=31'));
  });

  it('keeps only the digits of the promo and sends it as an integer', async () => {
    const sent = creationServer();
    const { user } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    const promo = screen.getByLabelText('Promo');
    await user.type(promo, 'P20-26');
    expect(promo).toHaveValue('2026');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByText('Direct créée avec succès');
    expect(sent.body?.promotion).toBe(2026);
  });

  it('offers GDA-only to a GDA geek on access Plateau only, and sends it', async () => {
    const sent = creationServer();
    const { user } = open(true);
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    expect(screen.queryByLabelText('Réservée au GDA')).toBeNull();

    const access = screen.getByRole('combobox', { name: 'Accès' });
    expect(
      within(access)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Publique', 'CS', 'Plateau', 'Archivée']);
    await user.selectOptions(access, 'Plateau');
    await user.click(screen.getByLabelText('Réservée au GDA'));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByText('Direct créée avec succès');
    expect(sent.body).toMatchObject({ privacy: 2, gpa_restricted: true });
  });

  it('never offers GDA-only to a geek without GDA access', async () => {
    creationServer();
    const { user } = open(false);
    const access = await screen.findByRole('combobox', { name: 'Accès' });
    await user.selectOptions(access, 'Plateau');
    expect(access).toHaveValue('2');
    expect(screen.queryByLabelText('Réservée au GDA')).toBeNull();
  });

  it('turns broadcasting on once the direct exists, then opens its edit page for the key', async () => {
    const sent = creationServer();
    const switches: { id: string; enabled: boolean }[] = [];
    const broadcast = {
      enabled: true,
      serverUrl: 'rtmp://plateau.example/live',
      streamKey: 'k',
      lowLatency: false,
    };
    const bodies: DirectBroadcastBody[] = [];
    server.use(
      http.put('*/api/directs/:id/broadcast', async ({ request, params }) => {
        const body = (await request.json()) as DirectBroadcastBody;
        bodies.push(body);
        switches.push({ id: String(params.id), enabled: body.enabled! });
        return HttpResponse.json(broadcast);
      }),
      http.get('*/api/directs/:id/broadcast', () => HttpResponse.json(broadcast)),
    );
    const { user, router } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    // « Latence faible » is offered once broadcasting is on.
    expect(screen.queryByRole('switch', { name: 'Latence faible' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Diffuser sur Plateau' }));
    expect(screen.getByLabelText('Lien du live')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('switch', { name: 'Latence faible' }));
    expect(
      screen.getByText(/Réglez l’intervalle d’images clés de l’encodeur sur 1 s/),
    ).toBeVisible();
    expect(switches).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Diffusion sur Plateau activée')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editDirect/31'));
    expect(switches).toEqual([{ id: '31', enabled: true }]);
    expect(bodies).toEqual([{ enabled: true, lowLatency: true }]);
    // The server makes the live link the direct's own page: the form sends none.
    expect(sent.body).not.toHaveProperty('liveUrl');
  });

  it('says when broadcasting could not be turned on, the direct being created', async () => {
    creationServer();
    server.use(http.put('*/api/directs/:id/broadcast', () => failure(500)));
    const { user, router } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    await user.click(screen.getByRole('switch', { name: 'Diffuser sur Plateau' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    // The last word is the failure (the creation's success was said before it).
    expect(
      await screen.findByText(
        "Le DT est créé, mais la diffusion sur Plateau n'a pas pu être activée",
      ),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editDirect/31'));
  });

  it('says when the creation failed and stays on the form', async () => {
    server.use(http.post('*/api/directs', () => failure(500)));
    const { user, router } = open();
    await user.type(await screen.findByLabelText(/Titre/), 'Nuit du cinéma');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Erreur pendant la création du direct')).toBeVisible();
    expect(router.state.location.pathname).toBe('/addDirect');
    expect(screen.getByLabelText(/Titre/)).toHaveValue('Nuit du cinéma');
  });
});
