import { randomBytes } from 'node:crypto';
import type { Direct, Playlist, Role, Tag, Video, VideoList } from '@plateau/contract';
import type { DemoClient, DemoSession } from './demo-client.ts';
import type { DemoContent } from './demo-content.ts';
import { runLimited, type DemoMedia } from './demo-media.ts';

export interface DemoCredentials {
  username: string;
  password: string;
  role: Role;
  gdaAccess: boolean;
}

export interface DemoSeedOptions {
  content: DemoContent;
  media: DemoMedia;
  /** A geek account that can sign in: everything else is created through it. */
  geek: { username: string; password: string };
  /** The day the content's offsets count from (default: now). */
  now?: Date;
  /** Progress lines for a person watching. */
  progress?: (line: string) => void;
  /** Longest wait for every encode to finish (default 30 minutes). */
  encodeTimeoutMs?: number;
}

/** What was created, by the content's keys, for whoever continues from it (tests, e2e). */
export interface DemoSeedResult {
  accounts: DemoCredentials[];
  tagIds: Map<string, number>;
  directIds: Map<string, number>;
  videoIds: Map<string, number>;
  playlistCodes: Map<string, string>;
}

const POLL_MS = 500;

const required = <T>(map: Map<string, T>, key: string, what: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo content: unknown ${what} "${key}"`);
  return value;
};

/** The instant `day` days from `now`, at `hour` UTC (or at the current hour). */
export const demoDate = (now: Date, day: number, hour?: number): string =>
  new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() + day,
      hour ?? now.getUTCHours(),
    ),
  ).toISOString();

/**
 * Creates `content` in a running Plateau through its public API only (the calls the web app
 * makes), waits for the real encoder to publish every video, then adds what needs published
 * videos: views, history, likes, playlists and trending slots.
 */
export const seedDemo = async (
  client: DemoClient,
  {
    content,
    media,
    geek: geekLogin,
    now = new Date(),
    progress = () => {},
    encodeTimeoutMs = 30 * 60_000,
  }: DemoSeedOptions,
): Promise<DemoSeedResult> => {
  const result: DemoSeedResult = {
    accounts: [],
    tagIds: new Map(),
    directIds: new Map(),
    videoIds: new Map(),
    playlistCodes: new Map(),
  };
  const geek = await client.signIn(geekLogin.username, geekLogin.password);
  const sessions = new Map<string, DemoSession>([['geek', geek]]);
  const as = (key: string) => required(sessions, key, 'account');

  for (const account of content.accounts) {
    const password = account.password ?? randomBytes(9).toString('base64url');
    await geek.post('/users', {
      username: account.username,
      password,
      role: account.role,
      gda_access: account.gdaAccess,
    });
    sessions.set(account.key, await client.signIn(account.username, password));
    result.accounts.push({
      username: account.username,
      password,
      role: account.role,
      gdaAccess: account.gdaAccess,
    });
  }
  progress(`${content.accounts.length} comptes créés`);

  for (const name of content.tags) {
    const tag = await geek.post<Tag>('/tags', { name });
    result.tagIds.set(name, tag.id);
  }

  for (const direct of content.directs) {
    const created = await geek.post<Direct>('/directs', {
      title: direct.title,
      description: direct.description,
      privacy: direct.privacy,
      promotion: direct.promotion,
      date: demoDate(now, direct.day, direct.hour),
      ...(direct.liveUrl && { liveUrl: direct.liveUrl }),
    });
    result.directIds.set(direct.key, created.id);
    const poster = media.posters.get(direct.key);
    if (poster) await geek.upload(`/media/poster/${created.id}`, 'poster_upload', poster);
  }
  if (content.gpaPromo !== undefined) await geek.put(`/gpaPromo/${content.gpaPromo}`);
  if (content.currentDirect !== undefined) {
    const id = required(result.directIds, content.currentDirect, 'direct');
    await geek.put(`/currentDirect/${id}`);
    // 'DT en cours' on the home page.
    await geek.put('/homeDisplay/3');
  }
  progress(`${content.tags.length} tags et ${content.directs.length} directs créés`);

  // Each encode is queued as soon as its upload is in: the worker runs while the next uploads.
  for (const video of content.videos) {
    const author = as(video.author);
    const created = await author.post<Video>('/videos', {
      title: video.title,
      description: video.description,
      privacy: video.privacy,
      promotion: video.promotion,
      date: demoDate(now, video.day, 18),
      directId:
        video.direct === undefined ? -1 : required(result.directIds, video.direct, 'direct'),
      tagIds: video.tags.map((name) => required(result.tagIds, name, 'tag')),
      ...(video.gpaRestricted && { gpa_restricted: true }),
    });
    result.videoIds.set(video.key, created.id);
    const clip = required(media.clips, video.key, 'clip');
    await author.upload(`/media/video/${created.id}`, 'video_upload', clip);
    const thumbnail = media.thumbnails.get(video.key);
    if (thumbnail) {
      await author.upload(`/media/thumbnail/${created.id}`, 'thumbnail_upload', thumbnail);
    }
    await author.post(`/encode/${created.id}`, {});
  }
  progress(`${content.videos.length} vidéos envoyées, encodage en cours...`);
  await waitForEncodes(geek, content.videos.length, encodeTimeoutMs, progress);

  const videoId = (key: string) => required(result.videoIds, key, 'video');
  // Visitors watch public videos; the geek stands in for the school's viewers of the others.
  const views = content.videos.flatMap((video) =>
    Array.from({ length: video.views }, () => ({
      viewer: video.privacy === 0 ? client.visitor : geek,
      id: videoId(video.key),
    })),
  );
  await runLimited(views, 4, async ({ viewer, id }) => {
    await viewer.put(`/videos/history/${id}`);
  });
  for (const [account, keys] of Object.entries(content.history)) {
    // Oldest first, so the last one tops the account's history.
    for (const key of keys) await as(account).put(`/videos/history/${videoId(key)}`);
  }
  for (const [account, keys] of Object.entries(content.likes)) {
    for (const key of keys) await as(account).put(`/videos/like/${videoId(key)}`);
  }

  for (const playlist of content.playlists) {
    const author = as(playlist.author);
    const created = await author.post<Playlist>('/playlists', {
      title: playlist.title,
      description: playlist.description,
      isPublic: playlist.featured,
    });
    result.playlistCodes.set(playlist.key, created.code);
    for (const key of playlist.videos) {
      await author.put(`/playlists/${created.code}/addVideo/${videoId(key)}`);
    }
    for (const account of playlist.inLibraryOf ?? []) {
      await as(account).put(`/library/${created.code}`);
    }
  }

  for (const [index, key] of content.trending.entries()) {
    await geek.put(`/videos/trending/${index + 1}/${videoId(key)}`);
  }
  progress('Vues, historique, likes, playlists et vidéos à la une ajoutés');
  return result;
};

/** Polls the geek's pending list until every video is published; a failed encode stops it. */
const waitForEncodes = async (
  geek: DemoSession,
  total: number,
  timeoutMs: number,
  progress: (line: string) => void,
) => {
  const deadline = Date.now() + timeoutMs;
  let reported = -Infinity;
  for (;;) {
    const pending = await geek.get<VideoList>('/videos/pending?page_size=100');
    const failed = pending.videos.find((video) => video.encodingError);
    if (failed) {
      throw new Error(`l'encodage de « ${failed.title} » a échoué : ${failed.encodingError}`);
    }
    const done = total - pending.nResults;
    // A line per quarter of the work, not per video.
    const step = Math.max(1, Math.ceil(total / 4));
    if (
      Math.floor(done / step) !== Math.floor(reported / step) ||
      (done === total && done !== reported)
    ) {
      progress(`Encodage : ${done}/${total}`);
      reported = done;
    }
    if (pending.nResults === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`encodages toujours en attente après ${timeoutMs / 60_000} min`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};
