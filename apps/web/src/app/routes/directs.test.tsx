import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';

/** 33 directs on the server: a full first page of 32, then one. */
const thirtyThreeDirects = () =>
  server.use(
    http.get('*/api/directs', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      const size = Number(params.get('page_size'));
      const ids = Array.from({ length: 33 }, (_, index) => 33 - index).slice(
        (page - 1) * size,
        page * size,
      );
      return HttpResponse.json({
        directs: ids.map((id) => makeDirect({ id, title: `Soirée numéro ${id}` })),
        nResults: 33,
      });
    }),
  );

describe('/directs', () => {
  it('shows 32 posters per page and pages with the URL', async () => {
    thirtyThreeDirects();
    const { router } = renderApp('/directs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos DT' })).toBeVisible();
    expect(await screen.findAllByText('Page 1 / 2')).toHaveLength(2);
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { name: /^Soirée numéro/ })).toHaveLength(32);
    expect(within(main).getByRole('link', { name: /Soirée numéro 33/ })).toHaveAttribute(
      'href',
      '/direct?d=33',
    );

    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Page suivante' })[0]!);
    expect(await screen.findAllByText('Page 2 / 2')).toHaveLength(2);
    expect(router.state.location.search).toBe('?page=2');
    expect(await within(main).findByRole('heading', { name: 'Soirée numéro 1' })).toBeVisible();
    expect(within(main).getAllByRole('heading', { name: /^Soirée numéro/ })).toHaveLength(1);
  });

  it('opens on the page the URL names', async () => {
    thirtyThreeDirects();
    renderApp('/directs?page=2');
    expect(await screen.findAllByText('Page 2 / 2')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Soirée numéro 1' })).toBeVisible();
  });

  it('says when the list failed to load', async () => {
    server.use(
      http.get('*/api/directs', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'page' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/directs');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText("Une erreur s'est produite")).toBeVisible();
  });
});
