import type { MediaStorageStatus, MoveRequest } from '../modules/media-move/media-move.service.ts';
import {
  describeUpgradeStatus,
  upgradeAnswer,
} from '../modules/rendition-upgrade/rendition-upgrade-lines.ts';
import type { RenditionUpgradeStatus } from '../modules/rendition-upgrade/rendition-upgrade.service.ts';
import type { MediaBackend } from '../storage/media-locations.repository.ts';
import type { CommandOutput } from './backup-command.ts';
import {
  describeStorageStatus,
  foldersLeft,
  moveAnswer,
} from '../modules/media-move/media-move-lines.ts';

export const mediaUsage = [
  'usage : npm run media -- status              où en sont la conversion des anciennes vidéos et le stockage',
  '        npm run media -- upgrade             lance la conversion maintenant',
  '        npm run media -- move --to s3        déplace les médias du disque vers le bucket S3',
  '        npm run media -- move --to local     les ramène du bucket sur le disque',
].join('\n');

/** What the command needs: the site's conversion and storage state, and ways to ask for runs. */
export interface MediaConnection {
  status(): Promise<RenditionUpgradeStatus>;
  /** False when a run already waits to start. */
  start(): Promise<boolean>;
  /** The storage's figures and the move (absent: the status says nothing of the storage). */
  storage?(): Promise<MediaStorageStatus>;
  move?(to: MediaBackend): Promise<MoveRequest>;
  close(): Promise<void>;
}

/** `move --to s3`, `move --to=local`: the target, or null for anything else. */
export const parseMoveTarget = (args: string[]): MediaBackend | null => {
  const value =
    args.length === 1
      ? args[0]?.replace(/^--to=/, '')
      : args[0] === '--to' && args.length === 2
        ? args[1]
        : undefined;
  return value === 's3' || value === 'local' ? value : null;
};

/** `npm run media -- status | upgrade | move --to s3|local`; answers the exit code (2: bad arguments). */
export const runMediaCli = async (
  argv: string[],
  connect: () => Promise<MediaConnection>,
  output: CommandOutput,
): Promise<number> => {
  const [command, ...rest] = argv;
  const to = command === 'move' ? parseMoveTarget(rest) : null;
  const known = command === 'status' || command === 'upgrade' ? rest.length === 0 : to !== null;
  if (!known) {
    output.err(mediaUsage);
    return 2;
  }
  const connection = await connect();
  try {
    if (to !== null) {
      if (!connection.storage || !connection.move) throw new Error('move not available here');
      const storage = await connection.storage();
      const request = !storage.bucket
        ? 'no-bucket'
        : foldersLeft(storage, to) === 0
          ? 'nothing'
          : await connection.move(to);
      const answer = moveAnswer(storage, to, request);
      (answer.code === 0 ? output.out : output.err)(answer.text);
      return answer.code;
    }
    const status = await connection.status();
    if (command === 'status') {
      const storage = connection.storage ? describeStorageStatus(await connection.storage()) : [];
      output.out([...describeUpgradeStatus(status), ...storage].join('\n'));
      return 0;
    }
    const request =
      status.left === 0
        ? 'nothing'
        : !status.running && (await connection.start())
          ? 'asked'
          : 'already';
    output.out(upgradeAnswer(status, request));
    return 0;
  } finally {
    await connection.close();
  }
};
