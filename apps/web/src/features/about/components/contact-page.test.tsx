import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../../resources/site.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { testSite } from '../../../testing/handlers.ts';

const contacts = {
  general: { name: 'Le bureau', email: 'bureau@asso.example' },
  presta: { name: 'Pôle prestations', email: 'presta@asso.example' },
  prez: { name: 'La présidence', email: 'prez@asso.example' },
  matos: { name: 'Responsable matériel', email: 'matos@asso.example' },
  rej: { name: 'Pôle recrutement', email: 'rejoindre@asso.example' },
  geek: { name: 'Les geeks', email: 'geek@asso.example' },
};

describe('/contact', () => {
  it('lists each contact of the site settings, with what it is for and a mailto link', async () => {
    server.use(
      http.get('*/api/site', () =>
        HttpResponse.json({
          ...testSite,
          associationName: 'Asso Vidéo',
          associationText: "L'association qui filme le campus.",
          contacts,
        }),
      ),
    );
    renderApp('/contact');
    const directory = await screen.findByRole('region', { name: 'Qui contacter ?' });
    const purposes = {
      general: 'Contact général',
      presta: 'Demandes de prestation',
      prez: 'Présidence',
      matos: 'Prêt de matériel',
      rej: 'Nous rejoindre',
      geek: 'Signaler un bug',
    };
    for (const [key, { name, email }] of Object.entries(contacts)) {
      const card = within(directory).getByRole('listitem', {
        name: purposes[key as keyof typeof purposes],
      });
      expect(within(card).getByText(name)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: email })).toHaveAttribute(
        'href',
        `mailto:${email}`,
      );
    }
    expect(within(directory).getAllByRole('listitem')).toHaveLength(6);
    const association = screen.getByRole('region', { name: 'Asso Vidéo' });
    expect(within(association).getByText("L'association qui filme le campus.")).toBeVisible();
  });

  it('leaves out entries without an address, and says so when none has one', async () => {
    server.use(http.get('*/api/site', () => HttpResponse.json(siteDefaults)));
    renderApp('/contact');
    expect(
      await screen.findByText('Les adresses de contact ne sont pas encore renseignées.'),
    ).toBeInTheDocument();
    const directory = screen.getByRole('region', { name: 'Qui contacter ?' });
    expect(within(directory).queryAllByRole('link')).toHaveLength(0);
  });
});
