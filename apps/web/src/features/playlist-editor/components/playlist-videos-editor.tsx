import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Video } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useRemoveVideo, useReorderVideos } from '../api/playlist-editor-api.ts';
import { editorMessages } from '../messages.ts';
import { ArrowVideoList } from './arrow-video-list.tsx';
import { SortableVideoList } from './sortable-video-list.tsx';

interface PlaylistVideosEditorProps {
  code: string;
  videos: Video[] | undefined;
}

/**
 * The playlist's videos, reordered by dragging on wide screens and by arrows on phones (spec:
 * no drag on mobile). Each change is saved at once, apart from Valider.
 */
export const PlaylistVideosEditor = ({ code, videos }: PlaylistVideosEditorProps) => {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const reorder = useReorderVideos(code);
  const remove = useRemoveVideo(code);
  const notify = useNotify();

  const onReorder = (ordered: Video[]) =>
    reorder.mutate(ordered, { onError: () => notify(editorMessages.reorderFailed, 'error') });
  const onRemove = (video: Video) =>
    remove.mutate(video.id, {
      onSuccess: () => notify(editorMessages.videoRemoved, 'success'),
      onError: () => notify(editorMessages.actionFailed, 'error'),
    });

  const List = narrow ? ArrowVideoList : SortableVideoList;
  return (
    <Box component="section" aria-labelledby="playlist-videos-title">
      <Typography id="playlist-videos-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Vidéos de la playlist
      </Typography>
      {videos === undefined ? (
        <Box role="status" aria-label="Chargement" sx={{ display: 'grid', gap: 1, mt: 2 }}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={72} />
          ))}
        </Box>
      ) : videos.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 4 }}>
          Cette playlist ne contient aucune vidéo. Ajoutez-en depuis la page d&apos;une vidéo.
        </Typography>
      ) : (
        <>
          <Typography color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
            {narrow
              ? "Changez l'ordre avec les flèches : il est enregistré aussitôt."
              : "Glissez les vidéos par leur poignée pour changer l'ordre : il est enregistré aussitôt."}
          </Typography>
          <List videos={videos} onReorder={onReorder} onRemove={onRemove} />
        </>
      )}
    </Box>
  );
};
