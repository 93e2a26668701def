import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DirectBody } from '@plateau/contract';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const failure = (status: number) =>
  HttpResponse.json({ statusCode: status, error: 'Erreur', message: 'Erreur' }, { status });

const gala = makeDirect({
  liveUrl: 'https://live.example.org/gala',
  promotion: 2026,
  hasPoster: true,
});

/** The direct 12 and its page; PUT and DELETE recorded in `sent`. */
const editServer = () => {
  const sent: { put?: DirectBody; deleted: number } = { deleted: 0 };
  server.use(
    http.get('*/api/directs/:id', ({ params }) =>
      params.id === '12' ? HttpResponse.json({ directs: [gala], nResults: 1 }) : failure(404),
    ),
    http.put('*/api/directs/:id', async ({ request }) => {
      sent.put = (await request.json()) as DirectBody;
      return HttpResponse.json({ ...gala, title: sent.put.title });
    }),
    http.delete('*/api/directs/:id', () => {
      sent.deleted += 1;
      return HttpResponse.json({ ok: true });
    }),
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

const open = (path = '/editDirect/12') => {
  signIn(makeToken({ role: 'geek' }));
  return { ...renderApp(path), user: userEvent.setup() };
};

describe('/editDirect/{id}', () => {
  it("links to the direct's « Statistiques »", async () => {
    editServer();
    open();
    await screen.findByLabelText(/Titre/);
    expect(screen.getByRole('link', { name: 'Statistiques' })).toHaveAttribute(
      'href',
      '/statistics/direct/12',
    );
  });

  it('shows the direct and its poster, and saves it with its exact time kept', async () => {
    const sent = editServer();
    const { user, router } = open();
    const title = await screen.findByLabelText(/Titre/);
    expect(title).toHaveValue('Gala des Arts 2026');
    expect(screen.getByLabelText('Lien du live')).toHaveValue('https://live.example.org/gala');
    expect(screen.getByLabelText('Promo')).toHaveValue('2026');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-21');
    expect(screen.getByText('Poster actuel')).toBeVisible();

    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.type(title, 'Gala des Arts');
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Direct modifié avec succès')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?d=12'));
    expect(sent.put).toMatchObject({
      title: 'Gala des Arts',
      date: '2026-11-21T18:00:00Z',
      promotion: 2026,
    });
  });

  it('asks before deleting: Annuler keeps the direct, Supprimer deletes it', async () => {
    const sent = editServer();
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer ce DT ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Direct supprimé avec succès')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/directs'));
    expect(sent.deleted).toBe(1);
  });

  it('says when the deletion failed and stays', async () => {
    editServer();
    server.use(http.delete('*/api/directs/:id', () => failure(500)));
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Erreur pendant la suppression du direct')).toBeVisible();
    expect(router.state.location.pathname).toBe('/editDirect/12');
  });

  it('says when the save failed', async () => {
    editServer();
    server.use(http.put('*/api/directs/:id', () => failure(400)));
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Erreur pendant la modification du direct')).toBeVisible();
    expect(router.state.location.pathname).toBe('/editDirect/12');
  });

  it("goes home with the direct page's message when the direct cannot be loaded", async () => {
    editServer();
    const { router } = open('/editDirect/99');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
