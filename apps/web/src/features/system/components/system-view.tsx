import { Link as RouterLink } from 'react-router';
import type { SystemStatus } from '@plateau/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { paths } from '../../../lib/paths.ts';
import { formatBytes } from '../../../lib/transfer-format.ts';
import { useRetryEncode } from '../api/retry-encode.ts';
import {
  formatAge,
  formatDateTime,
  formatDuration,
  formatPercent,
  LOW_FREE_SHARE,
} from '../system-format.ts';
import { MediaStorageSection } from './media-storage-section.tsx';
import { CutsSection } from './cuts-section.tsx';
import { Count, Row, Rows, Section, State } from './system-parts.tsx';

const ServerSection = ({ status }: { status: SystemStatus }) => (
  <Section id="system-server" title="Serveur">
    <Rows>
      <Row label="Version">{status.version}</Row>
      <Row label="En ligne depuis">
        {formatDuration(status.uptimeSeconds)}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {` (${formatDateTime(status.startedAt)})`}
        </Box>
      </Row>
      <Row label="Base de données">
        {status.database === 'postgres' ? 'PostgreSQL' : 'intégrée (PGlite)'}
      </Row>
    </Rows>
  </Section>
);

const StorageSection = ({ storage }: { storage: SystemStatus['storage'] }) => {
  const { usedBytes, freeBytes, totalBytes } = storage;
  const freeShare = totalBytes > 0 ? freeBytes / totalBytes : 0;
  const low = freeShare < LOW_FREE_SHARE;
  const taken = totalBytes > 0 ? Math.min(100, ((totalBytes - freeBytes) / totalBytes) * 100) : 0;
  return (
    <Section id="system-storage" title="Stockage">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="body2">
          <strong>{formatBytes(freeBytes)}</strong> libres sur {formatBytes(totalBytes)}
        </Typography>
        <Typography
          variant="body2"
          color={low ? 'error' : 'text.secondary'}
          sx={{ fontWeight: 600 }}
        >
          {formatPercent(freeShare)} libres
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={taken}
        color={low ? 'error' : 'primary'}
        aria-label="Disque occupé"
        sx={{ height: 10, borderRadius: 5, mb: 1.5 }}
      />
      {low && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          Le disque est presque plein : moins de {formatPercent(LOW_FREE_SHARE)} d&apos;espace
          libre.
        </Alert>
      )}
      <Rows>
        <Row label="Utilisé par les médias">{formatBytes(usedBytes)}</Row>
        <Row label="Libre">{formatBytes(freeBytes)}</Row>
        <Row label="Taille du disque">{formatBytes(totalBytes)}</Row>
      </Rows>
    </Section>
  );
};

const FailedEncode = ({ video }: { video: SystemStatus['encodes']['failedVideos'][number] }) => {
  const retry = useRetryEncode();
  const relaunch = () => retry.mutate(video.id);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={paths.editVideo(video.id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {video.title}
        </Link>
        <Typography
          variant="body2"
          color="error"
          sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.8rem', mt: 0.25 }}
        >
          {video.error}
        </Typography>
        {video.failedAt && (
          <Typography variant="caption" color="textSecondary">
            Échec le {formatDateTime(video.failedAt)}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        onClick={relaunch}
        disabled={retry.isPending}
        aria-label={`Relancer l'encodage de « ${video.title} »`}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        Relancer
      </Button>
    </Box>
  );
};

const EncodesSection = ({ encodes }: { encodes: SystemStatus['encodes'] }) => (
  <Section id="system-encodes" title="Encodages">
    <Box sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
      <Count label="en attente" value={encodes.waiting} />
      <Count label="en cours" value={encodes.active} />
      <Count label="en échec" value={encodes.failed} tone="error" />
    </Box>
    {encodes.failedVideos.length === 0 ? (
      <Typography variant="body2" color="textSecondary">
        Aucun encodage en échec.
      </Typography>
    ) : (
      <Box component="ul" aria-label="Encodages en échec" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {encodes.failedVideos.map((video) => (
          <FailedEncode key={video.id} video={video} />
        ))}
      </Box>
    )}
  </Section>
);

const verification = (verified: NonNullable<SystemStatus['lastBackup']>['verified']) => {
  if (!verified) return { label: 'non vérifiée', tone: 'warning' as const };
  return verified.intact
    ? { label: 'vérifiée', tone: 'success' as const }
    : { label: 'vérification échouée', tone: 'error' as const };
};

const BackupSection = ({ backup }: { backup: SystemStatus['lastBackup'] }) => {
  if (!backup)
    return (
      <Section id="system-backup" title="Dernière sauvegarde">
        <Alert severity="warning">
          Aucune sauvegarde trouvée : lancez <code>npm run backup -- --to DOSSIER</code>
        </Alert>
      </Section>
    );
  const check = verification(backup.verified);
  return (
    <Section id="system-backup" title="Dernière sauvegarde">
      <Rows>
        <Row label="Date">
          {formatDateTime(backup.createdAt)}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {` (${formatAge(backup.createdAt)})`}
          </Box>
        </Row>
        <Row label="Taille">
          {formatBytes(backup.bytes)}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {` (${backup.files.toLocaleString('fr-FR')} fichiers)`}
          </Box>
        </Row>
        <Row label="Vérification">
          <State label={check.label} tone={check.tone} />
        </Row>
        <Row label="Dossier" block>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {backup.folder}
          </Box>
        </Row>
      </Rows>
    </Section>
  );
};

/** Old videos converted in the background to the layout of adaptive playback (npm run media). */
const RenditionsSection = ({ renditions }: { renditions: SystemStatus['renditions'] }) => (
  <Section id="system-renditions" title="Format des vidéos">
    <Rows>
      <Row label="Au nouveau format">{renditions.upgraded.toLocaleString('fr-FR')}</Row>
      <Row label="À convertir">{renditions.left.toLocaleString('fr-FR')}</Row>
      <Row label="Conversion">
        <State
          label={renditions.running ? 'en cours' : renditions.left > 0 ? 'arrêtée' : 'terminée'}
          tone={renditions.running ? 'default' : renditions.left > 0 ? 'warning' : 'success'}
        />
      </Row>
      {renditions.lastError && (
        <Row label="Dernière erreur" block>
          {renditions.lastError}
        </Row>
      )}
    </Rows>
  </Section>
);

const HealthSection = ({ health }: { health: SystemStatus['health'] }) => {
  const reach = (check: 'ok' | 'unreachable') =>
    check === 'ok' ? (
      <State label="joignable" tone="success" />
    ) : (
      <State label="injoignable" tone="error" />
    );
  return (
    <Section id="system-health" title="État">
      <Rows>
        <Row label="Base de données">{reach(health.database)}</Row>
        <Row label="File d'encodage">{reach(health.queue)}</Row>
        <Row label="ffmpeg">
          {health.ffmpeg === 'ok' ? (
            <State label="trouvé" tone="success" />
          ) : (
            <State label="introuvable" tone="error" />
          )}
        </Row>
      </Rows>
    </Section>
  );
};

/** Whether all is well: what the chip beside the title says. */
export const systemHealthy = (status: SystemStatus) =>
  status.health.database === 'ok' &&
  status.health.queue === 'ok' &&
  status.health.ffmpeg === 'ok' &&
  status.encodes.failed === 0 &&
  status.storage.freeBytes >= status.storage.totalBytes * LOW_FREE_SHARE;

/** The system view: two columns from a tablet's width, one on a phone. */
export const SystemView = ({ status }: { status: SystemStatus }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
      gap: 2,
      alignItems: 'start',
    }}
  >
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <ServerSection status={status} />
      <StorageSection storage={status.storage} />
      <MediaStorageSection media={status.mediaStorage} />
      <HealthSection health={status.health} />
    </Box>
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <EncodesSection encodes={status.encodes} />
      <CutsSection cuts={status.cuts} />
      <BackupSection backup={status.lastBackup} />
      <RenditionsSection renditions={status.renditions} />
    </Box>
  </Box>
);
