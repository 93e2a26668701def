import type { DirectStatistics } from '@plateau/contract';
import type { Database } from '../../db/client.ts';
import * as repository from './statistics.repository.ts';

/**
 * A direct's lives with their viewers every LIVE_SAMPLE_SECONDS and peak, the viewers now
 * while one runs, and its REDIFF's views since.
 */
export const directStatistics = async (
  db: Database,
  directId: number,
  viewersNow: (directId: number) => Promise<number>,
): Promise<DirectStatistics> => {
  const [direct, lives] = await Promise.all([
    repository.directTitle(db, directId),
    repository.directLives(db, directId),
  ]);
  const samples = await repository.liveSamples(
    db,
    lives.map((live) => live.id),
  );
  const running = lives.some((live) => live.state === 'live' || live.state === 'reconnecting');
  const rediffId = [...lives].reverse().find((live) => live.videoId !== null)?.videoId ?? null;
  const rediff = rediffId === null ? undefined : await repository.videoTitle(db, rediffId);
  return {
    direct: { id: directId, title: direct?.title ?? '' },
    viewersNow: running ? await viewersNow(directId) : null,
    lives: lives.map((live) => {
      const own = samples
        .filter((sample) => sample.liveId === live.id)
        .map((sample) => ({ at: sample.at.toISOString(), viewers: sample.viewers }));
      const peak = own.reduce<(typeof own)[number] | null>(
        (best, sample) => (best === null || sample.viewers > best.viewers ? sample : best),
        null,
      );
      return {
        id: live.id,
        startedAt: live.startedAt.toISOString(),
        endedAt: live.endedAt?.toISOString() ?? null,
        samples: own,
        peak,
        uniqueViewers: live.viewers,
        seconds: live.seconds,
        averageSeconds: live.viewers > 0 ? live.seconds / live.viewers : 0,
      };
    }),
    rediff: rediff
      ? {
          videoId: rediff.id,
          title: rediff.title,
          views: await repository.videoViews(db, rediff.id),
        }
      : null,
  };
};
