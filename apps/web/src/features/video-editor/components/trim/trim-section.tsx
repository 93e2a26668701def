import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import type { Video } from '@plateau/contract';
import {
  fieldLimits,
  keptSpansProblem,
  Processing,
  type KeptSpan,
} from '@plateau/contract/constants';
import { mediaUrl } from '../../../../lib/media-url.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import { useSession } from '../../../../lib/session.ts';
import { parseStoryboard } from '../../../../lib/storyboard.ts';
import { storyboardQuery } from '../../../../resources/storyboards.ts';
import { isTrimming, loudnessQuery, trimStatusQuery } from '../../../../resources/trims.ts';
import { forgetCutVideo } from '../../api/trim-mutations.ts';
import {
  isWhole,
  moveHandle,
  removePassage,
  removeRange,
  roundMs,
  setIn,
  setOut,
  stepFrames,
  stepSeconds,
  typeEdge,
  wholeVideo,
} from '../../trim-spans.ts';
import { trimRung } from '../../video-rules.ts';
import { SectionLoad } from '../section-load.tsx';
import { TrimApply } from './trim-apply.tsx';
import { TrimPreview, togglePlay, type PlayMode } from './trim-preview.tsx';
import { TrimKeysHelp } from './trim-keys-help.tsx';
import { TrimRanges } from './trim-ranges.tsx';
import { statusMessages, TrimStatusBar } from './trim-status.tsx';
import { TrimTimeline } from './trim-timeline.tsx';
import { useTrimKeys } from './use-trim-keys.ts';

interface TrimSectionProps {
  video: Video;
  disabled: boolean;
}

/**
 * « Montage » (issue 34): the member shapes the ranges to keep on a timeline of the video's
 * pictures and sound, watches the result, then has the server cut it (it keeps the version
 * before for « Annuler le montage »). Nothing is sent before « Appliquer le montage ».
 */
export const TrimSection = ({ video, disabled }: TrimSectionProps) => {
  const { userId, token } = useSession();
  const client = useQueryClient();
  const notify = useNotify();
  const status = useQuery(trimStatusQuery(userId, video.id));
  const loudness = useQuery(loudnessQuery(video.id, token));
  const storyboard = useQuery(storyboardQuery(video.id, token, video.mediaVersion));
  const tiles = useMemo(
    () => (storyboard.data ? parseStoryboard(storyboard.data.text, storyboard.data.url) : []),
    [storyboard.data],
  );
  // Bumped when the server publishes a new version under the same address: the preview reloads.
  const [version, setVersion] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  // Null while the member has changed nothing: the whole video is kept.
  const [draft, setDraft] = useState<KeptSpan[] | null>(null);
  const [playhead, setPlayhead] = useState(0);
  const [mode, setMode] = useState<PlayMode>('result');
  const media = useRef<HTMLVideoElement>(null);
  const trimming = isTrimming(status.data);
  const busy = disabled || trimming;
  // While the server cuts, the timeline shows what it was asked to keep.
  const applying = trimming && status.data!.keep.length > 0 ? status.data!.keep : null;
  // A cut planned for the encode (a video not encoded yet) shows until changed.
  const planned = status.data?.state === 'awaiting' ? status.data.keep : null;
  const keep = applying ?? draft ?? planned ?? (duration ? wholeVideo(duration) : []);

  const showNewVersion = () => {
    void forgetCutVideo(client, { viewer: userId, token }, video.id);
    setVersion((before) => before + 1);
    setDraft(null);
    setDuration(null);
    setPlayhead(0);
  };

  // Followed from queued or running to done: the cut video is now the one served.
  const state = status.data?.state;
  const lastState = useRef(state);
  useEffect(() => {
    const before = lastState.current;
    lastState.current = state;
    if ((before === 'queued' || before === 'running') && state === 'done') {
      notify(statusMessages.done, 'success');
      showNewVersion();
    }
  }, [state]);

  const seek = (time: number) => {
    const at = roundMs(Math.min(duration ?? 0, Math.max(0, time)));
    if (media.current) media.current.currentTime = at;
    setPlayhead(at);
  };
  const edit = (next: KeptSpan[] | null) => {
    if (next && !busy) setDraft(next);
  };
  const onKeyDown = useTrimKeys({
    setIn: () => duration && edit(setIn(keep, playhead, duration)),
    setOut: () => duration && edit(setOut(keep, playhead, duration)),
    stepFrames: (count) => seek(stepFrames(playhead, count, duration ?? 0)),
    stepSeconds: (seconds) => seek(stepSeconds(playhead, seconds, duration ?? 0)),
    togglePlay: () => togglePlay(media.current, keep, mode),
  });
  const rung = trimRung(video);
  const passage = removePassage(keep, playhead);

  return (
    <Box component="section" aria-labelledby="trim-title" sx={{ display: 'grid', gap: 1.5 }}>
      <div>
        <Typography id="trim-title" variant="h6" component="h2">
          Montage
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Gardez les parties de la vidéo à publier : tirez les poignées, tapez les temps ou utilisez
          le clavier. Rien ne change avant « Appliquer le montage ».
        </Typography>
      </div>
      <SectionLoad
        label="Chargement du montage"
        status={status.status}
        onRetry={() => void status.refetch()}
      >
        {status.data && (
          <TrimStatusBar
            videoId={video.id}
            status={status.data}
            disabled={disabled}
            onUndone={showNewVersion}
          />
        )}
        <Box
          onKeyDown={onKeyDown}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 4fr)' },
            alignItems: 'start',
          }}
        >
          <TrimPreview
            key={version}
            src={mediaUrl(video.id, rung ?? 0, token, video.mediaVersion)}
            title={video.title}
            mediaRef={media}
            keep={keep}
            mode={mode}
            onMode={setMode}
            playhead={playhead}
            duration={duration}
            onTime={setPlayhead}
            onDuration={(seconds) => setDuration(roundMs(seconds))}
            onStep={(count) => seek(stepFrames(playhead, count, duration ?? 0))}
            onToggle={() => togglePlay(media.current, keep, mode)}
          />
          {duration ? (
            <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0, order: { xs: 2, md: 0 } }}>
              <TrimRanges
                keep={keep}
                duration={duration}
                disabled={busy}
                onEdge={(index, edge, time) => {
                  const next = typeEdge(keep, index, edge, time, duration);
                  edit(next);
                  if (next) seek(next[index]![edge]);
                  return next !== null;
                }}
                onRemove={(index) => edit(removeRange(keep, index))}
              />
              <TrimApply
                videoId={video.id}
                keep={keep}
                duration={duration}
                problem={keptSpansProblem(keep, duration)}
                untouched={isWhole(keep, duration)}
                beforeEncode={video.processing === Processing.Uploaded}
                disabled={busy}
                onReset={() => setDraft(null)}
              />
              <TrimKeysHelp />
            </Box>
          ) : (
            <Box role="status" aria-label="Lecture de la durée de la vidéo">
              <Skeleton variant="rounded" height={160} />
            </Box>
          )}
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0, order: { xs: 1, md: 0 } }}>
            {duration ? (
              <TrimTimeline
                duration={duration}
                keep={keep}
                playhead={playhead}
                tiles={tiles}
                loudness={loudness.data ?? null}
                disabled={busy}
                onSeek={seek}
                onHandle={(index, edge, time) => {
                  const next = moveHandle(keep, index, edge, time, duration);
                  edit(next);
                  seek(next[index]![edge]);
                }}
                tools={
                  <>
                    <Button
                      type="button"
                      size="small"
                      variant="outlined"
                      aria-keyshortcuts="I"
                      disabled={busy}
                      onClick={() => edit(setIn(keep, playhead, duration))}
                    >
                      Début ici (I)
                    </Button>
                    <Button
                      type="button"
                      size="small"
                      variant="outlined"
                      aria-keyshortcuts="O"
                      disabled={busy}
                      onClick={() => edit(setOut(keep, playhead, duration))}
                    >
                      Fin ici (O)
                    </Button>
                    <Button
                      type="button"
                      size="small"
                      variant="outlined"
                      startIcon={<ContentCutIcon />}
                      disabled={busy || !passage || keep.length >= fieldLimits.keptRanges}
                      onClick={() => edit(passage)}
                    >
                      Retirer un passage
                    </Button>
                  </>
                }
              />
            ) : (
              <Skeleton variant="rounded" height={120} />
            )}
          </Box>
        </Box>
      </SectionLoad>
    </Box>
  );
};
