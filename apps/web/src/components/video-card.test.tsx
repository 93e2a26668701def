import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '@plateau/contract';
import { createQueryClient } from '../resources/query-client.ts';
import { signIn } from '../lib/session.ts';
import { server } from '../testing/server.ts';
import { makeToken } from '../testing/tokens.ts';
import { makeVideo } from '../testing/videos.ts';
import { VideoCard } from './video-card.tsx';

const video: Video = makeVideo(12, {
  title: 'Gala 2026 — le film',
  date: '2026-03-14T20:00:00.000Z',
  promotion: 2027,
  views: 1234,
  likeCount: 3,
  privacy: 2,
  gpaRestricted: true,
});

const renderCard = (props: Partial<Parameters<typeof VideoCard>[0]> = {}) => {
  const router = createMemoryRouter([
    { path: '*', element: <VideoCard video={video} {...props} /> },
  ]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('video card', () => {
  it('shows the title, the French date and views, and leads to the watch page', async () => {
    server.use(http.get('*/api/media/thumbnail/12', () => new HttpResponse(null, { status: 404 })));
    renderCard();
    const link = await screen.findByRole('link');
    expect(link).toHaveAttribute('href', '/video?v=12');
    expect(screen.getByRole('heading', { name: 'Gala 2026 — le film' })).toBeInTheDocument();
    expect(screen.getByText(/14 mars 2026 · 1\s234 vues/)).toBeInTheDocument();
  });

  it('fetches the thumbnail with the bearer header and shows it', async () => {
    const token = makeToken({ role: 'user' });
    signIn(token);
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/media/thumbnail/12', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), {
          headers: { 'content-type': 'image/jpeg' },
        });
      }),
    );
    const { container } = renderCard();
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src'));
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);
    expect(seen).toEqual([`Bearer ${token}`]);
  });

  it('keeps the placeholder when the thumbnail is refused', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let asked = 0;
    server.use(
      http.get('*/api/media/thumbnail/12', () => {
        asked += 1;
        return new HttpResponse(null, { status: 403 });
      }),
    );
    const { container } = renderCard();
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg[data-testid="SmartDisplayOutlinedIcon"]')).not.toBeNull();
    errors.mockRestore();
  });

  it('shows access, GDA and trending badges to members only', async () => {
    server.use(http.get('*/api/media/thumbnail/12', () => new HttpResponse(null, { status: 404 })));
    signIn(makeToken({ role: 'user' }));
    const first = renderCard({ trending: true });
    await screen.findByRole('link');
    expect(screen.queryByRole('img', { name: 'Accès : Plateau' })).toBeNull();
    first.unmount();

    signIn(makeToken({ role: 'plateau' }));
    renderCard({ trending: true });
    expect(await screen.findByRole('img', { name: 'Accès : Plateau' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Réservée au GDA' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'À la une' })).toBeInTheDocument();
  });
});
