import type { SystemStatus } from '@plateau/contract';
import { Row, Rows, Section, State, type Tone } from './system-parts.tsx';

type MediaStorage = SystemStatus['mediaStorage'];

const sides = { local: 'sur le disque', s3: 'dans le bucket S3' } as const;

/** What the move's chip says: going on, asked for, left to run towards new media's side, or done. */
const moveState = (media: MediaStorage): { label: string; tone: Tone } => {
  if (media.running) {
    return { label: `en cours${media.target ? ` (${sides[media.target]})` : ''}`, tone: 'default' };
  }
  if (media.waiting) return { label: 'demandé', tone: 'default' };
  const left = media.newMedia === 's3' ? media.foldersOnDisk : media.foldersInBucket;
  return left > 0 ? { label: 'à lancer', tone: 'warning' } : { label: 'terminé', tone: 'success' };
};

/**
 * Where media live: new media's side (MEDIA_STORAGE), the folders on the disk and in the bucket,
 * and the move between them (`npm run media -- move --to s3|local`).
 */
export const MediaStorageSection = ({ media }: { media: MediaStorage }) => {
  const move = moveState(media);
  return (
    <Section id="system-media-storage" title="Stockage des médias">
      <Rows>
        <Row label="Nouveaux médias">{sides[media.newMedia]}</Row>
        <Row label="Dossiers sur le disque">{media.foldersOnDisk.toLocaleString('fr-FR')}</Row>
        {media.bucket ? (
          <Row label="Dossiers dans le bucket">{media.foldersInBucket.toLocaleString('fr-FR')}</Row>
        ) : (
          <Row label="Bucket S3">non configuré</Row>
        )}
        {media.bucket && (
          <Row label="Déplacement">
            <State label={move.label} tone={move.tone} />
          </Row>
        )}
        {media.lastError && (
          <Row label="Dernière erreur" block>
            {media.lastError}
          </Row>
        )}
      </Rows>
    </Section>
  );
};
