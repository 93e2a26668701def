import type { RenditionUpgradeStatus } from '../jobs/rendition-upgrade-status.ts';
import type { CommandOutput } from './backup-command.ts';

export const mediaUsage = [
  'usage : npm run media -- status    où en est la conversion des anciennes vidéos',
  '        npm run media -- upgrade   lance la conversion maintenant',
].join('\n');

/** What the command needs: the site's conversion state, and a way to ask for a run. */
export interface MediaConnection {
  status(): Promise<RenditionUpgradeStatus>;
  /** False when a run already waits to start. */
  start(): Promise<boolean>;
  close(): Promise<void>;
}

/** The French lines of `npm run media -- status`. */
export const describeUpgradeStatus = (status: RenditionUpgradeStatus): string[] => [
  `Vidéos publiées : ${status.upgraded + status.left}`,
  `  au nouveau format (lecture adaptative, aperçus) : ${status.upgraded}`,
  `  encore à l'ancien format : ${status.left}`,
  `Conversion : ${
    status.running
      ? 'en cours'
      : status.waiting
        ? "demandée, en attente d'un worker (npm start ou npm run worker)"
        : 'arrêtée'
  }`,
  `Dernière erreur : ${status.lastError ?? 'aucune'}`,
];

/** `npm run media -- status | upgrade`; answers the exit code (2: bad arguments). */
export const runMediaCli = async (
  argv: string[],
  connect: () => Promise<MediaConnection>,
  output: CommandOutput,
): Promise<number> => {
  const [command, ...rest] = argv;
  if ((command !== 'status' && command !== 'upgrade') || rest.length > 0) {
    output.err(mediaUsage);
    return 2;
  }
  const connection = await connect();
  try {
    const status = await connection.status();
    if (command === 'status') {
      output.out(describeUpgradeStatus(status).join('\n'));
      return 0;
    }
    if (status.left === 0) {
      output.out('Rien à convertir : toutes les vidéos publiées sont au nouveau format.');
      return 0;
    }
    const asked = !status.running && (await connection.start());
    output.out(
      asked
        ? `Conversion demandée : ${status.left} vidéo(s) à convertir, une à la fois, par un worker (npm start ou npm run worker).`
        : `Une conversion est déjà ${status.running ? 'en cours' : 'demandée'} : ${status.left} vidéo(s) restante(s).`,
    );
    return 0;
  } finally {
    await connection.close();
  }
};
