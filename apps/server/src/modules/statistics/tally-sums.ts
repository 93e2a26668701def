/** What was watched, as additions to the statistics' rows (statistics.repository.ts). */
export interface WatchedSums {
  views: number;
  viewers: number;
  seconds: number;
}

export interface TallySums {
  videoDays: (WatchedSums & { videoId: number; day: string })[];
  siteDays: (WatchedSums & { day: string })[];
  retention: { videoId: number; version: number; step: number; views: number }[];
  lives: { liveId: number; viewers: number; seconds: number }[];
}

const add = (into: WatchedSums, sums: WatchedSums) => {
  into.views += sums.views;
  into.viewers += sums.viewers;
  into.seconds += sums.seconds;
};

/** Additions waiting for the next write, merged by row. */
export const createTallySums = () => {
  let videoDays = new Map<string, WatchedSums & { videoId: number; day: string }>();
  let siteDays = new Map<string, WatchedSums & { day: string }>();
  let retention = new Map<
    string,
    { videoId: number; version: number; step: number; views: number }
  >();
  let lives = new Map<number, { liveId: number; viewers: number; seconds: number }>();

  const addVideoDay = (videoId: number, day: string, sums: WatchedSums) => {
    const key = `${videoId}|${day}`;
    let row = videoDays.get(key);
    if (!row) videoDays.set(key, (row = { videoId, day, views: 0, viewers: 0, seconds: 0 }));
    add(row, sums);
  };
  const addSite = (day: string, sums: WatchedSums) => {
    let row = siteDays.get(day);
    if (!row) siteDays.set(day, (row = { day, views: 0, viewers: 0, seconds: 0 }));
    add(row, sums);
  };
  const addRetention = (videoId: number, version: number, step: number, views = 1) => {
    const key = `${videoId}|${version}|${step}`;
    let row = retention.get(key);
    if (!row) retention.set(key, (row = { videoId, version, step, views: 0 }));
    row.views += views;
  };
  const addLive = (liveId: number, sums: { viewers: number; seconds: number }) => {
    let row = lives.get(liveId);
    if (!row) lives.set(liveId, (row = { liveId, viewers: 0, seconds: 0 }));
    row.viewers += sums.viewers;
    row.seconds += sums.seconds;
  };

  return {
    addVideoDay,
    addSite,
    addRetention,
    addLive,
    take(): TallySums {
      const taken = {
        videoDays: [...videoDays.values()],
        siteDays: [...siteDays.values()],
        retention: [...retention.values()],
        lives: [...lives.values()],
      };
      videoDays = new Map();
      siteDays = new Map();
      retention = new Map();
      lives = new Map();
      return taken;
    },
    putBack(taken: TallySums) {
      for (const row of taken.videoDays) addVideoDay(row.videoId, row.day, row);
      for (const row of taken.siteDays) addSite(row.day, row);
      for (const row of taken.retention)
        addRetention(row.videoId, row.version, row.step, row.views);
      for (const row of taken.lives) addLive(row.liveId, row);
    },
  };
};
