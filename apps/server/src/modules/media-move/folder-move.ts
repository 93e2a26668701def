import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Executor } from '../../db/client.ts';
import {
  recordedBackend,
  switchBackend,
  type MediaBackend,
} from '../../storage/media-locations.repository.ts';
import type { FolderEntry, MediaStorage } from '../../storage/media-storage.ts';
import { sleep, type Pacer } from './media-move-pacer.ts';

/** Longer than the routed storage's location cache (5 s): no instance still reads the source. */
export const MOVE_GRACE_MS = 6_000;
/** A folder whose files keep changing while it is copied is left for a later run after this. */
const ATTEMPTS = 3;

export interface FolderMoveContext {
  db: Executor;
  /** The two backends themselves, not the routed storage: the move chooses the side. */
  stores: Record<MediaBackend, MediaStorage>;
  /** Wait between the switch and the source's removal (tests shorten it). */
  graceMs?: number;
  /** Shared by a run's copies: MEDIA_MOVE_SPEED. */
  pacer?: Pacer;
  signal?: AbortSignal;
  /**
   * Hands the wait and the source's removal back as the result's `finish`, so that a run copies
   * the next folder during the grace instead of waiting for it.
   */
  deferRemoval?: boolean;
  /** Called once a file is copied and verified (tests inject a kill here). */
  afterFileCopied?: (key: string) => void | Promise<void>;
}

export interface FolderMoveResult {
  /** `busy`: its files kept changing during the copy; nothing switched, tried again later. */
  outcome: 'moved' | 'already' | 'busy';
  files: number;
  bytes: number;
  /** With `deferRemoval`: waits out the grace, then removes the source (moved folders only). */
  finish?: () => Promise<void>;
}

const sha256Of = async (body: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const sameListing = (a: FolderEntry[], b: FolderEntry[]) =>
  a.length === b.length &&
  a.every(
    (entry, i) =>
      entry.key === b[i]!.key && entry.size === b[i]!.size && entry.version === b[i]!.version,
  );

type Stat = Awaited<ReturnType<MediaStorage['stat']>>;
const sameStat = (a: Stat, b: Stat) =>
  a !== null &&
  b !== null &&
  a.size === b.size &&
  a.mtime.getTime() === b.mtime.getTime() &&
  a.etag === b.etag;

/**
 * Copies one file, hashing the bytes as they go, then reads the copy back and compares size and
 * sha256: a store that kept other bytes (or a truncated upload) stops the move before the switch.
 * Answers the copy's stat, to tell it later from a newer write on the target.
 */
const copyFile = async (
  from: MediaStorage,
  to: MediaStorage,
  entry: FolderEntry,
  ctx: FolderMoveContext,
): Promise<Stat> => {
  const body = await from.read(entry.key);
  if (!body) throw new Error(`${entry.key} a disparu pendant sa copie`);
  const hash = createHash('sha256');
  async function* paced() {
    for await (const chunk of body!) {
      await ctx.pacer?.pace((chunk as Buffer).length, ctx.signal);
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  await to.commitStream(Readable.from(paced()), entry.size, entry.key);
  const sent = hash.digest('hex');
  const copy = await to.stat(entry.key);
  const back = await to.read(entry.key);
  const read = back ? await sha256Of(back) : null;
  if (copy?.size !== entry.size || read !== sent) {
    throw new Error(`la copie de ${entry.key} diffère de l'original (taille ou SHA-256)`);
  }
  return copy;
};

/** Removes what a killed earlier run left on the side the folder does not live on. */
const removeLeftovers = async (store: MediaStorage, folder: string, ctx: FolderMoveContext) => {
  if ((await store.listFolder(folder)).length === 0) return;
  await sleep(ctx.graceMs ?? MOVE_GRACE_MS, ctx.signal);
  await store.removePrefix(folder);
};

/**
 * Moves a media folder (`videos/5`) to `to`: copies and verifies each file, switches the folder in
 * media_locations, waits until every instance reads the target, then removes the source. The site
 * reads the source until the switch and the target after it, both whole. A kill before the
 * switch leaves the folder on the source with a partial copy the next run overwrites; after it,
 * source files the next run removes. A folder whose files change during the copy is copied again.
 */
export const moveFolder = async (
  ctx: FolderMoveContext,
  folder: string,
  to: MediaBackend,
): Promise<FolderMoveResult> => {
  const fromName: MediaBackend = to === 's3' ? 'local' : 's3';
  const from = ctx.stores[fromName];
  const target = ctx.stores[to];
  if (((await recordedBackend(ctx.db, folder)) ?? 'local') === to) {
    await removeLeftovers(from, folder, ctx);
    return { outcome: 'already', files: 0, bytes: 0 };
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const listed = await from.listFolder(folder);
    // Nothing there (the video was deleted meanwhile): nothing to record either.
    if (listed.length === 0) {
      await removeLeftovers(target, folder, ctx);
      return { outcome: 'already', files: 0, bytes: 0 };
    }
    // A partial copy's files the source no longer has would appear in the folder once switched.
    const wanted = new Set(listed.map((entry) => entry.key));
    for (const stale of await target.listFolder(folder)) {
      if (!wanted.has(stale.key)) await target.remove(stale.key);
    }
    const copies = new Map<string, { entry: FolderEntry; copy: Stat }>();
    for (const entry of listed) {
      ctx.signal?.throwIfAborted();
      copies.set(entry.key, { entry, copy: await copyFile(from, target, entry, ctx) });
      await ctx.afterFileCopied?.(entry.key);
    }
    // An encode, an upgrade or a caption wrote meanwhile: copy the folder as it is now.
    if (!sameListing(listed, await from.listFolder(folder))) continue;
    await switchBackend(ctx.db, folder, to);
    const due = Date.now() + (ctx.graceMs ?? MOVE_GRACE_MS);
    const finish = async () => {
      await sleep(due - Date.now(), ctx.signal);
      await copyLateWrites(from, target, folder, copies, ctx);
      await from.removePrefix(folder);
    };
    const bytes = listed.reduce((sum, entry) => sum + entry.size, 0);
    if (ctx.deferRemoval) return { outcome: 'moved', files: listed.length, bytes, finish };
    await finish();
    return { outcome: 'moved', files: listed.length, bytes };
  }
  return { outcome: 'busy', files: 0, bytes: 0 };
};

/**
 * A writer that read the folder's place just before the switch may have written the source after
 * the last listing: such a file is copied too, unless the target has a newer one (written there
 * after the switch, so later than the source's). A file it removed there is removed from the
 * target too, if the target still holds the copy.
 */
const copyLateWrites = async (
  from: MediaStorage,
  target: MediaStorage,
  folder: string,
  copies: Map<string, { entry: FolderEntry; copy: Stat }>,
  ctx: FolderMoveContext,
) => {
  const now = await from.listFolder(folder);
  const present = new Set(now.map((entry) => entry.key));
  for (const [key, { copy }] of copies) {
    if (!present.has(key) && sameStat(await target.stat(key), copy)) await target.remove(key);
  }
  for (const entry of now) {
    const ours = copies.get(entry.key);
    if (ours && sameListing([ours.entry], [entry])) continue;
    const onTarget = await target.stat(entry.key);
    if (onTarget !== null && !(ours && sameStat(onTarget, ours.copy))) continue;
    await copyFile(from, target, entry, ctx);
  }
};
