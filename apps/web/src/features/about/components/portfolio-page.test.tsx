import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { testSite } from '../../../testing/handlers.ts';

describe('/portfolio', () => {
  it('presents the association and leads to its work and its presta contact', async () => {
    server.use(
      http.get('*/api/site', () =>
        HttpResponse.json({
          ...testSite,
          associationName: 'Asso Vidéo',
          associationText: 'Nous filmons le campus.',
          taglines: ['Le campus en images.', 'En direct et en replay.'],
          contacts: {
            ...testSite.contacts,
            presta: { name: 'Pôle prestations', email: 'presta@asso.example' },
          },
        }),
      ),
    );
    renderApp('/portfolio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asso Vidéo' })).toBeVisible();
    expect(screen.getByText('Le campus en images.')).toBeVisible();
    expect(screen.getByText('En direct et en replay.')).toBeVisible();
    // The footer repeats the text: the page itself must show it.
    expect(within(screen.getByRole('main')).getByText('Nous filmons le campus.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'nos dernières vidéos' })).toHaveAttribute(
      'href',
      '/videos',
    );
    expect(screen.getByRole('link', { name: 'tous nos DT' })).toHaveAttribute('href', '/directs');
    const hire = screen.getByRole('region', { name: 'Faire appel à nous' });
    expect(within(hire).getByRole('link', { name: 'Écrire à Pôle prestations' })).toHaveAttribute(
      'href',
      'mailto:presta@asso.example',
    );
  });
});
