import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RETENTION_STEPS } from '@plateau/contract/constants';
import { serveEditor } from '../../features/video-editor/testing/editor-server.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { videoStatistics } from '../../testing/statistics.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

const at = (seconds: number) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

/** A storyboard of ten 20-second tiles, five to a row, as the server writes it. */
const TRACK = [
  'WEBVTT',
  '',
  ...Array.from({ length: 10 }, (_, k) => [
    `${at(k * 20)} --> ${at(k * 20 + 20)}`,
    `11.jpg?token=jeton#xywh=${(k % 5) * 160},${Math.floor(k / 5) * 90},160,90`,
    '',
  ]).flat(),
].join('\n');

/** Half the views leave at 40 %, a quarter of the first reach the end. */
const retention = Array.from({ length: RETENTION_STEPS }, (_, step) =>
  step < 40 ? 400 : step < 90 ? 150 : 100,
);

const serveVideo = (status = 200) => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/stats/videos/:id', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (status !== 200) return HttpResponse.json({ message: 'Introuvable' }, { status });
      return HttpResponse.json(
        videoStatistics(Number(params.id), query.get('from')!, query.get('to')!, {
          video: { id: 11, title: 'Après la pluie', duration: 200, views: 2412 },
          totals: { views: 588, viewerDays: 353, seconds: 2520 },
          averageShare: 0.64,
          retention,
          viewsBefore: 562,
        }),
      );
    }),
    http.get('*/api/media/storyboard/11.vtt', () =>
      HttpResponse.text(TRACK, { headers: { 'Content-Type': 'text/vtt' } }),
    ),
  );
  return asked;
};

describe('/statistics/video/{id}', () => {
  it("shows the video's figures and where its viewers stop, over its pictures", async () => {
    const asked = serveVideo();
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/statistics/video/11?period=7d');
    expect(await screen.findByRole('link', { name: 'Après la pluie' })).toHaveAttribute(
      'href',
      '/video?v=11',
    );
    expect(asked[0]!.get('period')).toBe('7d');
    const share = screen.getByRole('listitem', { name: 'Part moyenne regardée' });
    expect(within(share).getByText('64 %')).toBeVisible();
    expect(
      within(screen.getByRole('listitem', { name: 'Heures regardées' })).getByText('0,7 h'),
    ).toBeVisible();

    const card = screen.getByRole('region', { name: 'Rétention' });
    expect(
      within(card).getByText(
        "La moitié des vues s'arrête avant 40 % (1:20). 25 % des vues atteignent la fin.",
      ),
    ).toBeVisible();
    // Ten pictures of the video under the curve (five on a phone), each from its stretch.
    await waitFor(() => expect(within(card).getAllByTestId('retention-picture')).toHaveLength(15));
    const pictures = within(card).getAllByTestId('retention-picture');
    expect(pictures[0]!.style.backgroundImage).toContain('/api/media/storyboard/11.jpg?token=');
    expect(pictures[9]!.style.backgroundPosition).toBe('100% 100%');

    expect(screen.getByText('Vues avant les statistiques : 562')).toBeVisible();
    expect(
      screen.getByText('Vues affichées sur la page de la vidéo depuis sa mise en ligne : 2 412'),
    ).toBeVisible();
  });

  it('lists the retention step by step in its table', async () => {
    serveVideo();
    signIn(makeToken({ role: 'geek' }));
    renderApp('/statistics/video/11');
    const card = await screen.findByRole('region', { name: 'Rétention' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Tableau' }));
    const table = within(card).getByRole('table', { name: 'Rétention' });
    expect(within(table).getAllByRole('row')).toHaveLength(RETENTION_STEPS + 1);
    const step = within(table).getByRole('row', { name: /^40\s%/ });
    expect(
      within(step)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1:20', '150']);
  });

  it('leaves for the home page when the video does not exist', async () => {
    serveVideo(404);
    signIn(makeToken({ role: 'plateau' }));
    const { router } = renderApp('/statistics/video/999');
    expect(await screen.findByText("Cette vidéo n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/statistics/video/{id} and /statistics/direct/{id} with an id that cannot be one', () => {
  it('leaves for the home page as for an unknown video or direct, asking nothing', async () => {
    const asked = serveVideo();
    signIn(makeToken({ role: 'plateau' }));
    const video = renderApp('/statistics/video/gala');
    expect(await screen.findByText("Cette vidéo n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(video.router.state.location.pathname).toBe('/'));
    video.unmount();

    const direct = renderApp('/statistics/direct/0');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/'));
    expect(asked).toEqual([]);
  });
});

describe('/editVideo/{id}: « Statistiques »', () => {
  it("shows a published video's last 30 days and its retention, with a link to the rest", async () => {
    serveVideo();
    const video = makeVideo(11, { title: 'Après la pluie', processing: 3, rungs: [480] });
    serveEditor({ video });
    signIn(makeToken({ role: 'plateau', gda_access: false }));
    renderApp('/editVideo/11');
    const section = await screen.findByRole('region', { name: 'Statistiques' });
    expect(
      await within(section).findByRole('listitem', { name: 'Part moyenne regardée' }),
    ).toHaveTextContent('64 %');
    expect(within(section).getByRole('region', { name: 'Rétention' })).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Toutes les statistiques' })).toHaveAttribute(
      'href',
      '/statistics/video/11',
    );
  });

  it('shows none for a video not published yet', async () => {
    const asked = serveVideo();
    const video = makeVideo(11, { title: 'Après la pluie', processing: 1, rungs: [] });
    serveEditor({ video });
    signIn(makeToken({ role: 'plateau', gda_access: false }));
    renderApp('/editVideo/11');
    await screen.findByRole('heading', { name: 'Chapitres' });
    expect(screen.queryByRole('region', { name: 'Statistiques' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
