import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrimActivity } from '@plateau/contract';
import { useSession } from '../../../lib/session.ts';
import { captionKeys } from '../../../resources/captions.ts';
import { chapterKeys } from '../../../resources/chapters.ts';
import { mediaKeys, mediaPaths } from '../../../resources/media.ts';
import { storyboardKeys } from '../../../resources/storyboards.ts';
import { isCutWorking, trimActivityQuery, trimKeys } from '../../../resources/trims.ts';
import { videoKeys } from '../../../resources/videos.ts';

const workingIds = (cuts: readonly TrimActivity[]) =>
  new Set(cuts.filter(isCutWorking).map((cut) => cut.videoId));

/**
 * The cuts on their way or failed this week, followed every 2 s while one is on its way. A cut
 * that leaves the list while on its way is done: its video now has a new version under the same
 * addresses, so every video list and page, its thumbnail, storyboard, loudness, captions and
 * chapters are asked again when next shown (a cut that failed changed nothing).
 */
export const useTrimActivity = () => {
  const client = useQueryClient();
  const { userId, token } = useSession();
  const activity = useQuery(trimActivityQuery(userId));
  const cuts = activity.data?.cuts;
  const working = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!cuts) return;
    const before = working.current;
    working.current = workingIds(cuts);
    if (!before) return;
    const listed = new Set(cuts.map((cut) => cut.videoId));
    const done = [...before].filter((videoId) => !listed.has(videoId));
    if (done.length === 0) return;
    const stale = [
      videoKeys.all,
      ...done.flatMap((videoId) => [
        mediaKeys.image(mediaPaths.thumbnail(videoId), token),
        storyboardKeys.track(videoId, token),
        trimKeys.loudness(videoId, token),
        trimKeys.status(userId, videoId),
        captionKeys.list(userId, videoId),
        chapterKeys.list(userId, videoId),
      ]),
    ];
    for (const queryKey of stale) void client.invalidateQueries({ queryKey });
  }, [cuts, client, token, userId]);
  return activity;
};
