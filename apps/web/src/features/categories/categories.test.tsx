import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Tag } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

/** A server holding tags that POST, PUT and DELETE change, as the real one does. */
const serve = (start: Tag[]) => {
  let tags = [...start];
  const calls: string[] = [];
  server.use(
    http.get('*/api/tags', () => HttpResponse.json(tags)),
    http.post('*/api/tags', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      calls.push(`POST ${name}`);
      if (tags.some((tag) => tag.name === name)) {
        return HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: `Le tag « ${name} » existe déjà` },
          { status: 409 },
        );
      }
      const created = { id: 100 + tags.length, name };
      tags = [...tags, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/tags/:id', async ({ params, request }) => {
      const { name } = (await request.json()) as { name: string };
      calls.push(`PUT ${params.id} ${name}`);
      tags = tags.map((tag) => (String(tag.id) === params.id ? { ...tag, name } : tag));
      return HttpResponse.json({ id: Number(params.id), name });
    }),
    http.delete('*/api/tags/:id', ({ params }) => {
      calls.push(`DELETE ${params.id}`);
      tags = tags.filter((tag) => String(tag.id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
};

const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const asGeek = () => signIn(makeToken({ role: 'geek' }));

describe('/categories', () => {
  it('lists the categories by name and creates one', async () => {
    const calls = serve([
      { id: 1, name: 'Sport' },
      { id: 2, name: 'Écoles' },
      { id: 3, name: 'concert' },
    ]);
    asGeek();
    const user = userEvent.setup();
    renderApp('/categories');

    await screen.findByRole('listitem', { name: 'Sport' });
    expect(names()).toEqual(['concert', 'Écoles', 'Sport']);

    const add = screen.getByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Nouvelle catégorie'), '  Gala  ');
    await user.click(add);

    expect(await screen.findByText('Catégorie créée avec succès')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Gala' })).toBeVisible();
    expect(screen.getByLabelText('Nouvelle catégorie')).toHaveValue('');
    expect(calls).toEqual(['POST Gala']);
  });

  it("shows the server's message for a name already taken", async () => {
    serve([{ id: 1, name: 'Sport' }]);
    asGeek();
    const user = userEvent.setup();
    renderApp('/categories');

    await user.type(await screen.findByLabelText('Nouvelle catégorie'), 'Sport{Enter}');
    expect(await screen.findByText('Le tag « Sport » existe déjà')).toBeInTheDocument();
  });

  it('renames a category in place', async () => {
    const calls = serve([{ id: 1, name: 'Sprot' }]);
    asGeek();
    const user = userEvent.setup();
    renderApp('/categories');

    await user.click(await screen.findByRole('button', { name: 'Renommer Sprot' }));
    const field = screen.getByLabelText('Nouveau nom');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await user.type(field, 'Sport');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Catégorie renommée avec succès')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Sport' })).toBeVisible();
    expect(calls).toEqual(['PUT 1 Sport']);
  });

  it('deletes a category only after the confirmation', async () => {
    const calls = serve([
      { id: 1, name: 'Sport' },
      { id: 2, name: 'Gala' },
    ]);
    asGeek();
    const user = userEvent.setup();
    renderApp('/categories');

    await user.click(await screen.findByRole('button', { name: 'Supprimer Sport' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer la catégorie « Sport » ? Les vidéos la perdront.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Supprimer Sport' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Catégorie supprimée avec succès')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Sport' })).toBeNull());
    expect(names()).toEqual(['Gala']);
    expect(calls).toEqual(['DELETE 1']);
  });
});
