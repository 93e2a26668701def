import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaThroughServer, startControlSocket } from '../backup/control-socket.ts';
import { testTmpDir } from '../test/test-env.ts';
import type { MediaStorageStatus, MoveRequest } from '../modules/media-move/media-move.service.ts';
import type { MediaBackend } from '../storage/media-locations.repository.ts';
import { parseMoveTarget, runMediaCli, type MediaConnection } from './media-command.ts';
import { describeStorageStatus } from '../modules/media-move/media-move-lines.ts';

const storage: MediaStorageStatus = {
  newMedia: 's3',
  bucket: true,
  foldersOnDisk: 12,
  foldersInBucket: 3,
  running: false,
  waiting: false,
  target: null,
  lastError: null,
};

/** `npm run media -- <args>` against a site in `state`, recording the moves asked for. */
const media = async (
  args: string[],
  state: Partial<MediaStorageStatus> = {},
  answer: MoveRequest = 'asked',
) => {
  const lines: string[] = [];
  const asked: MediaBackend[] = [];
  const connection: MediaConnection = {
    status: async () => ({ upgraded: 4, left: 0, running: false, waiting: false, lastError: null }),
    start: async () => false,
    storage: async () => ({ ...storage, ...state }),
    move: async (to) => {
      asked.push(to);
      return answer;
    },
    close: async () => {},
  };
  const code = await runMediaCli(args, async () => connection, {
    out: (text) => lines.push(text),
    err: (text) => lines.push(`!${text}`),
  });
  return { code, text: lines.join('\n'), asked };
};

describe('npm run media -- move', () => {
  it('reads --to s3, --to local and --to=…, and nothing else', () => {
    expect(parseMoveTarget(['--to', 's3'])).toBe('s3');
    expect(parseMoveTarget(['--to=local'])).toBe('local');
    expect(parseMoveTarget(['--to', 'ftp'])).toBeNull();
    expect(parseMoveTarget([])).toBeNull();
    expect(parseMoveTarget(['--to', 's3', 'now'])).toBeNull();
  });

  it('asks for a move and says what is left, in French', async () => {
    expect(await media(['move', '--to', 's3'])).toEqual({
      code: 0,
      asked: ['s3'],
      text: "Déplacement demandé : 12 dossier(s) à déplacer dans le bucket S3, un à la fois, vérifiés avant d'effacer l'original, par un worker (npm start ou npm run worker). Le site reste ouvert.",
    });
    expect(await media(['move', '--to', 'local'], { running: true }, 'already')).toMatchObject({
      code: 0,
      text: 'Un déplacement est déjà en cours : 3 dossier(s) à déplacer sur le disque local.',
    });
    expect(await media(['move', '--to', 'local'], { foldersInBucket: 0 })).toEqual({
      code: 0,
      asked: [],
      text: 'Rien à déplacer : tous les dossiers de médias sont déjà sur le disque local.',
    });
  });

  it('refuses without a bucket, naming the settings, and on bad arguments', async () => {
    const refused = await media(['move', '--to', 's3'], { bucket: false, newMedia: 'local' });
    expect(refused).toMatchObject({ code: 1, asked: [] });
    expect(refused.text).toBe(
      '!Aucun bucket S3 configuré : renseignez S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY (les mêmes réglages que le serveur), puis relancez.',
    );
    const wrong = await media(['move', '--to', 'nuage']);
    expect(wrong.code).toBe(2);
    expect(wrong.text).toContain('npm run media -- move --to s3');
  });

  it('adds the storage to the status lines', async () => {
    const { text } = await media(['status'], {
      running: true,
      target: 's3',
      lastError: 'videos/7 : la copie de videos/7/720.mp4 diffère de son original',
    });
    expect(text.split('\n').slice(-6)).toEqual([
      'Stockage des médias :',
      '  nouveaux médias : dans le bucket S3',
      '  dossiers sur le disque local : 12',
      '  dossiers dans le bucket S3 : 3',
      'Déplacement des médias : en cours (dans le bucket S3)',
      'Dernière erreur du déplacement : videos/7 : la copie de videos/7/720.mp4 diffère de son original',
    ]);
    expect(describeStorageStatus({ ...storage, bucket: false, newMedia: 'local' })).toContain(
      '  bucket S3 : aucun (S3_BUCKET non renseigné)',
    );
  });
});

describe('npm run media -- move on the embedded database while the server runs', () => {
  it("asks the server for the storage's state and a move through DATA_DIR's socket", async () => {
    const dataDir = await mkdtemp(path.join(testTmpDir, 'media-move-socket-'));
    const asked: string[] = [];
    const stop = await startControlSocket(dataDir, {
      backup: async () => '',
      media: {
        status: async () => null,
        upgrade: async () => false,
        storage: async () => storage,
        'move-s3': async () => (asked.push('s3'), 'asked'),
        'move-local': async () => (asked.push('local'), 'already'),
      },
    });
    try {
      expect(await mediaThroughServer(dataDir, 'storage')).toEqual(storage);
      expect(await mediaThroughServer(dataDir, 'move-s3')).toBe('asked');
      expect(await mediaThroughServer(dataDir, 'move-local')).toBe('already');
      expect(asked).toEqual(['s3', 'local']);
    } finally {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
