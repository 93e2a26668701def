import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const GO = 1024 ** 3;

const healthyStatus = (): SystemStatus => ({
  version: '1.4.0',
  startedAt: '2026-03-01T08:00:00.000Z',
  uptimeSeconds: 3 * 86_400 + 4 * 3600 + 120,
  database: 'pglite',
  storage: { usedBytes: 12.4 * GO, freeBytes: 50 * GO, totalBytes: 100 * GO },
  encodes: {
    waiting: 2,
    active: 1,
    failed: 1,
    failedVideos: [
      {
        id: 41,
        title: 'Gala raté',
        error: 'ffmpeg a échoué (code 1)',
        failedAt: '2026-03-02T10:00:00.000Z',
      },
    ],
  },
  lastBackup: {
    folder: '/srv/sauvegardes/plateau-2026-03-01',
    createdAt: '2026-03-01T02:00:00.000Z',
    files: 1234,
    bytes: 5 * GO,
    verified: { at: '2026-03-01T03:00:00.000Z', intact: true },
  },
  renditions: { upgraded: 40, left: 2, running: true, lastError: null },
  cuts: { active: 2, failed: 1 },
  mediaStorage: {
    newMedia: 's3',
    bucket: true,
    foldersOnDisk: 1200,
    foldersInBucket: 35,
    running: true,
    waiting: false,
    target: 's3',
    lastError: null,
  },
  health: { database: 'ok', queue: 'ok', ffmpeg: 'ok' },
});

/** The system server: answers `status` (changed by a retry) and records each encode call. */
const systemServer = (status: SystemStatus = healthyStatus()) => {
  const encodes: string[] = [];
  let current = status;
  server.use(
    http.get('*/api/system', () => HttpResponse.json(current)),
    http.post('*/api/encode/:id', ({ params }) => {
      encodes.push(String(params.id));
      current = {
        ...current,
        encodes: {
          ...current.encodes,
          waiting: current.encodes.waiting + 1,
          failed: 0,
          failedVideos: [],
        },
      };
      return HttpResponse.json({ ok: true });
    }),
  );
  return { encodes };
};

const section = (name: string) => screen.getByRole('region', { name });

const open = (role: 'geek' | 'plateau' = 'geek') => {
  signIn(makeToken({ role }));
  return { ...renderApp('/system'), user: userEvent.setup() };
};

describe('/system', () => {
  it('shows the server, the disk, the encodes, the last backup and the health', async () => {
    systemServer();
    open();
    expect(await screen.findByRole('heading', { name: 'Système', level: 1 })).toBeVisible();
    const serverPart = await screen.findByRole('region', { name: 'Serveur' });
    expect(within(serverPart).getByText('1.4.0')).toBeVisible();
    expect(within(serverPart).getByText(/3 j 4 h/)).toBeVisible();
    expect(within(serverPart).getByText('intégrée (PGlite)')).toBeVisible();

    const storage = section('Stockage');
    expect(within(storage).getByText('12,4 Go')).toBeVisible();
    expect(within(storage).getByRole('progressbar', { name: 'Disque occupé' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(storage).queryByRole('alert')).toBeNull();

    const encodes = section('Encodages');
    expect(within(encodes).getByText('en attente').previousSibling).toHaveTextContent('2');
    expect(within(encodes).getByText('en cours').previousSibling).toHaveTextContent('1');
    expect(within(encodes).getByText('en échec').previousSibling).toHaveTextContent('1');
    expect(within(encodes).getByRole('link', { name: 'Gala raté' })).toHaveAttribute(
      'href',
      '/editVideo/41',
    );
    expect(within(encodes).getByText('ffmpeg a échoué (code 1)')).toBeVisible();

    const cuts = section('Montages');
    expect(within(cuts).getByText('en cours').previousSibling).toHaveTextContent('2');
    expect(within(cuts).getByText('en échec cette semaine').previousSibling).toHaveTextContent('1');
    expect(
      within(cuts).getByRole('link', { name: 'Voir les montages dans les vidéos en attente' }),
    ).toHaveAttribute('href', '/pending');

    const backup = section('Dernière sauvegarde');
    expect(within(backup).getByText(/1 mars 2026/)).toBeVisible();
    expect(within(backup).getByText('5 Go')).toBeVisible();
    expect(within(backup).getByText('vérifiée')).toBeVisible();

    const renditions = section('Format des vidéos');
    expect(within(renditions).getByText('Au nouveau format').nextSibling).toHaveTextContent('40');
    expect(within(renditions).getByText('À convertir').nextSibling).toHaveTextContent('2');
    expect(within(renditions).getByText('en cours')).toBeVisible();

    const media = section('Stockage des médias');
    expect(within(media).getByText('Nouveaux médias').nextSibling).toHaveTextContent(
      'dans le bucket S3',
    );
    expect(within(media).getByText('Dossiers sur le disque').nextSibling).toHaveTextContent(
      /^1\s200$/,
    );
    expect(within(media).getByText('Dossiers dans le bucket').nextSibling).toHaveTextContent('35');
    expect(within(media).getByText('en cours (dans le bucket S3)')).toBeVisible();

    const health = section('État');
    expect(within(health).getAllByText('joignable')).toHaveLength(2);
    expect(within(health).getByText('trouvé')).toBeVisible();
    expect(screen.getByText('À surveiller')).toBeVisible();
  });

  it('says PostgreSQL, warns under 10 % free and tells a failed verification', async () => {
    const status = healthyStatus();
    systemServer({
      ...status,
      database: 'postgres',
      storage: { usedBytes: 80 * GO, freeBytes: 5 * GO, totalBytes: 100 * GO },
      lastBackup: { ...status.lastBackup!, verified: { at: status.startedAt, intact: false } },
      health: { database: 'ok', queue: 'unreachable', ffmpeg: 'missing' },
    });
    open();
    expect(await screen.findByText('PostgreSQL')).toBeVisible();
    expect(within(section('Stockage')).getByRole('alert')).toHaveTextContent(
      "Le disque est presque plein : moins de 10 % d'espace libre.",
    );
    expect(within(section('Dernière sauvegarde')).getByText('vérification échouée')).toBeVisible();
    expect(within(section('État')).getByText('injoignable')).toBeVisible();
    expect(within(section('État')).getByText('introuvable')).toBeVisible();
  });

  it('tells a site without a bucket, and a move that stopped on an error', async () => {
    const status = healthyStatus();
    systemServer({
      ...status,
      mediaStorage: {
        ...status.mediaStorage,
        newMedia: 'local',
        bucket: false,
        foldersInBucket: 0,
        running: false,
        target: null,
        lastError: 'videos/7 : the copy of videos/7/720.mp4 differs from its source',
      },
    });
    open();
    const media = await screen.findByRole('region', { name: 'Stockage des médias' });
    expect(within(media).getByText('Nouveaux médias').nextSibling).toHaveTextContent(
      'sur le disque',
    );
    expect(within(media).getByText('Bucket S3').nextSibling).toHaveTextContent('non configuré');
    expect(within(media).queryByText('Déplacement')).toBeNull();
    expect(within(media).getByText(/videos\/7 : the copy/)).toBeVisible();
  });

  it('Relancer re-queues the encode and the list refreshes', async () => {
    const { encodes } = systemServer();
    const { user } = open();
    const button = await screen.findByRole('button', {
      name: "Relancer l'encodage de « Gala raté »",
    });
    await user.click(button);
    await waitFor(() => expect(encodes).toEqual(['41']));
    expect(await within(section('Encodages')).findByText('Aucun encodage en échec.')).toBeVisible();
    expect(within(section('Encodages')).getByText('en attente').previousSibling).toHaveTextContent(
      '3',
    );
    expect(await screen.findByText('Encodage relancé')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Gala raté' })).toBeNull();
  });

  it('says when no cut is on its way nor failed this week, without a link', async () => {
    systemServer({ ...healthyStatus(), cuts: { active: 0, failed: 0 } });
    open();
    const cuts = await screen.findByRole('region', { name: 'Montages' });
    expect(within(cuts).getByText('en cours').previousSibling).toHaveTextContent('0');
    expect(within(cuts).getByText('en échec cette semaine').previousSibling).toHaveTextContent('0');
    expect(
      within(cuts).getByText('Aucun montage en cours ni en échec cette semaine.'),
    ).toBeVisible();
    expect(within(cuts).queryByRole('link')).toBeNull();
  });

  it('says how to take a backup when none was found', async () => {
    systemServer({ ...healthyStatus(), lastBackup: null });
    open();
    const backup = await screen.findByRole('region', { name: 'Dernière sauvegarde' });
    expect(backup).toHaveTextContent(
      'Aucune sauvegarde trouvée : lancez npm run backup -- --to DOSSIER',
    );
  });

  it('says Tout fonctionne when nothing needs a look', async () => {
    const status = healthyStatus();
    systemServer({ ...status, encodes: { ...status.encodes, failed: 0, failedVideos: [] } });
    open();
    expect(await screen.findByText('Tout fonctionne')).toBeVisible();
    expect(within(section('Encodages')).getByText('Aucun encodage en échec.')).toBeVisible();
  });

  it('is not open to a member: the guard sends them to /login', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/system', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json(healthyStatus());
      }),
    );
    const { router } = open('plateau');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Système' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says the state could not be read when the call fails', async () => {
    server.use(
      http.get('*/api/system', () =>
        HttpResponse.json({ statusCode: 500, error: 'Erreur', message: 'Erreur' }, { status: 500 }),
      ),
    );
    open();
    expect(await screen.findByText("L'état du système n'a pas pu être lu.")).toBeVisible();
  });
});
