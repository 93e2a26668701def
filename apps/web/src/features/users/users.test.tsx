import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { testSite } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const account = (id: number, username: string, overrides: Partial<User> = {}): User => ({
  id,
  username,
  role: 'user',
  gdaAccess: false,
  sso: false,
  ssoSubject: null,
  hasPassword: true,
  createdAt: '2026-09-01T10:00:00Z',
  lastLoginAt: null,
  ...overrides,
});

const admin = account(1, 'admin', { role: 'geek', lastLoginAt: '2026-11-20T10:00:00Z' });
const membre = account(2, 'membre', { role: 'plateau', gdaAccess: true });
const spectateur = account(3, 'spectateur');

const refusal = (message: string) =>
  HttpResponse.json({ statusCode: 409, error: 'Conflict', message }, { status: 409 });

/** A server holding `accounts`, which POST adds to and DELETE removes from. */
const serve = (start: User[] = [admin, membre, spectateur]) => {
  let accounts = [...start];
  const posted: unknown[] = [];
  server.use(
    http.get('*/api/users', () =>
      HttpResponse.json({ users: accounts, nResults: accounts.length }),
    ),
    http.post('*/api/users', async ({ request }) => {
      const body = (await request.json()) as { username: string; role: User['role'] };
      posted.push(body);
      const created = account(10, body.username, { role: body.role });
      accounts = [...accounts, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete('*/api/users/:id', ({ params }) => {
      accounts = accounts.filter((one) => String(one.id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return { posted };
};

const asAdmin = () => signIn(makeToken({ user: admin.id, role: 'geek', username: 'admin' }));

const row = (username: string) => screen.getByRole('listitem', { name: username });

describe('/users', () => {
  it('lists the accounts and finds one by a part of its name', async () => {
    serve();
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    expect(await screen.findByRole('heading', { level: 2, name: 'membre' })).toBeVisible();
    expect(screen.getByText('3 comptes')).toBeVisible();
    expect(within(row('admin')).getByText('Vous')).toBeVisible();

    await user.type(screen.getByLabelText('Rechercher un utilisateur'), 'SPECT');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'membre' })).toBeNull());
    expect(row('spectateur')).toBeVisible();
    expect(screen.getByText('1 compte sur 3')).toBeVisible();
  });

  it('creates an account once the name and password are acceptable', async () => {
    const { posted } = serve();
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'Créer un compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer un compte' });
    const create = within(dialog).getByRole('button', { name: 'Créer' });
    await user.type(within(dialog).getByLabelText(/Identifiant/), 'jean dupont');
    expect(within(dialog).getByText(/Lettres sans accent/)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'court');
    expect(within(dialog).getByText('8 caractères au moins')).toBeVisible();
    expect(create).toBeDisabled();

    await user.clear(within(dialog).getByLabelText(/Identifiant/));
    await user.type(within(dialog).getByLabelText(/Identifiant/), 'jean.dupont');
    await user.type(within(dialog).getByLabelText(/Mot de passe/), '-et-long');
    await user.click(within(dialog).getByRole('combobox', { name: /Rôle/ }));
    await user.click(await screen.findByRole('option', { name: 'Plateau' }));
    await user.click(within(dialog).getByLabelText('Accès GDA'));
    await user.click(create);

    expect(await screen.findByText('Utilisateur créé avec succès')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'jean.dupont' })).toBeVisible();
    expect(posted).toEqual([
      { username: 'jean.dupont', password: 'court-et-long', role: 'plateau', gda_access: true },
    ]);
  });

  it("shows the server's refusal to demote the last geek, and keeps the role", async () => {
    serve();
    server.use(
      http.put('*/api/users/1', () => refusal('Impossible de retirer son rôle au dernier geek')),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await screen.findByRole('heading', { level: 2, name: 'admin' });
    await user.click(within(row('admin')).getByRole('combobox', { name: /Rôle/ }));
    await user.click(await screen.findByRole('option', { name: 'Utilisateur' }));

    expect(
      await screen.findByText('Impossible de retirer son rôle au dernier geek'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('admin')).getByRole('combobox', { name: /Rôle/ })).toHaveTextContent(
        'Geek',
      ),
    );
  });

  it('changes the GDA access in place', async () => {
    serve();
    let sent: unknown;
    server.use(
      http.put('*/api/users/3', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...spectateur, gdaAccess: true });
      }),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await screen.findByRole('heading', { level: 2, name: 'spectateur' });
    const gda = within(row('spectateur')).getByRole('switch', { name: 'Accès GDA' });
    await user.click(gda);
    expect(await screen.findByText('Utilisateur modifié avec succès')).toBeInTheDocument();
    expect(gda).toBeChecked();
    expect(sent).toEqual({ gda_access: true });
  });

  it('resets a password through its dialog', async () => {
    serve();
    let sent: unknown;
    server.use(
      http.put('*/api/users/2', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(membre);
      }),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(
      await screen.findByRole('button', { name: 'Changer le mot de passe de membre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Changer le mot de passe' });
    await user.type(within(dialog).getByLabelText(/Nouveau mot de passe/), 'nouveau-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Mot de passe modifié avec succès')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'nouveau-secret' });
  });

  it('deletes only after the confirmation, and says why the last geek stays', async () => {
    serve();
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'Supprimer spectateur' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer le compte « spectateur » ?',
    });
    // Behind the open dialog, the account is still listed.
    expect(screen.getByRole('listitem', { name: 'spectateur', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Utilisateur supprimé avec succès')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'spectateur' })).toBeNull());

    server.use(
      http.delete('*/api/users/1', () => refusal('Impossible de supprimer le dernier geek')),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer admin' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Impossible de supprimer le dernier geek')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row('admin')).toBeInTheDocument();
  });
});

describe('/users, school accounts (single sign-on)', () => {
  const linkedMember = account(4, 'lea', {
    sso: true,
    ssoSubject: 'etu-4821',
    role: 'plateau',
  });
  const ssoOnly = account(5, 'etu-9001', { sso: true, ssoSubject: 'etu-9001', hasPassword: false });

  it('links an account to the identifier the geek types', async () => {
    serve([admin, membre]);
    let sent: unknown;
    server.use(
      http.put('*/api/users/2/sso', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...membre, sso: true, ssoSubject: 'etu-1234' });
      }),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(
      await screen.findByRole('button', { name: "Lier membre au compte de l'école" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Lier au compte de l'école" });
    const submit = within(dialog).getByRole('button', { name: 'Lier' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Identifiant chez le fournisseur/), ' etu-1234 ');
    await user.click(submit);

    expect(await screen.findByText("Compte de l'école lié avec succès")).toBeInTheDocument();
    expect(sent).toEqual({ subject: 'etu-1234' });
    expect(within(row('membre')).getByText("Compte de l'école : etu-1234")).toBeVisible();
    expect(
      within(row('membre')).getByRole('button', { name: "Retirer le compte de l'école de membre" }),
    ).toBeEnabled();
  });

  it('says which account already holds the identity, and keeps the dialog open', async () => {
    serve([admin, membre]);
    server.use(
      http.put('*/api/users/2/sso', () =>
        refusal("Ce compte de l'école est déjà lié au compte « lea »"),
      ),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(
      await screen.findByRole('button', { name: "Lier membre au compte de l'école" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Lier au compte de l'école" });
    await user.type(within(dialog).getByLabelText(/Identifiant chez le fournisseur/), 'etu-4821');
    await user.click(within(dialog).getByRole('button', { name: 'Lier' }));

    expect(
      await screen.findByText("Ce compte de l'école est déjà lié au compte « lea »"),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Lier au compte de l'école" })).toBeVisible();
  });

  it('unlinks after a confirmation; an account without password keeps its link', async () => {
    serve([admin, linkedMember, ssoOnly]);
    const unlinked: string[] = [];
    server.use(
      http.delete('*/api/users/:id/sso', ({ params }) => {
        unlinked.push(String(params.id));
        return HttpResponse.json({ ...linkedMember, sso: false, ssoSubject: null });
      }),
    );
    asAdmin();
    const user = userEvent.setup();
    renderApp('/users');

    await screen.findByRole('heading', { level: 2, name: 'etu-9001' });
    expect(within(row('etu-9001')).getByText('Sans mot de passe')).toBeVisible();
    expect(
      within(row('etu-9001')).getByRole('button', {
        name: "Retirer le compte de l'école de etu-9001",
      }),
    ).toBeDisabled();

    expect(within(row('lea')).getByText("Compte de l'école : etu-4821")).toBeVisible();
    await user.click(
      within(row('lea')).getByRole('button', { name: "Retirer le compte de l'école de lea" }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: "Retirer le compte de l'école de « lea » ? Ses sessions ouvertes seront fermées.",
    });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));

    expect(await screen.findByText("Compte de l'école retiré avec succès")).toBeInTheDocument();
    expect(unlinked).toEqual(['4']);
    await waitFor(() =>
      expect(within(row('lea')).queryByText("Compte de l'école : etu-4821")).toBeNull(),
    );
    expect(
      within(row('lea')).getByRole('button', { name: "Lier lea au compte de l'école" }),
    ).toBeVisible();
  });

  it('offers no linking where the site has no single sign-on', async () => {
    serve([admin, membre]);
    server.use(http.get('*/api/site', () => HttpResponse.json({ ...testSite, sso: false })));
    asAdmin();
    renderApp('/users');

    await screen.findByRole('heading', { level: 2, name: 'membre' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /au compte de l'école/ })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Changer le mot de passe de membre' })).toBeVisible();
  });
});
