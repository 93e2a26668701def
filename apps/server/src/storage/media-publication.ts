import type { Database, Executor } from '../db/client.ts';
import type { MediaStorage } from './media-storage.ts';
import { MissingMediaError } from './storage-errors.ts';
import {
  forgetUnreferenced,
  markUnreferenced,
  unreferencedSince,
} from './unreferenced-media.repository.ts';

export interface MediaPublication {
  /** The checked temporary file; its owner discards it whatever happens. */
  temp: string;
  key: string;
  /**
   * The key is a new name no row refers to yet (a new original's version, a new video's
   * folder): listed as unreferenced until its record commits, so a crash in between leaves
   * nothing the sweep does not find.
   */
  newName?: boolean;
}

/**
 * Stores a file, then records it in a short transaction: never a transaction held open while
 * bytes travel (on S3 `commit` is the whole upload, minutes for a large original, and PGlite has
 * one connection every request waits for). `record` takes the owner's row lock, throws to refuse
 * the file, and answers the key of the file the row stops referring to (removed once the record
 * commits); with the lock held the file is checked to be still there (a media removal deletes
 * under that lock). When the record refuses or fails, the stored file is
 * removed and the error rethrown. A fixed key (`newName` unset) replaced by a refused record
 * is removed too: its owner is gone (the only refusal such a record makes), and its folder
 * with it.
 */
export const publishThenRecord = async (
  { db, storage }: { db: Database; storage: MediaStorage },
  { temp, key, newName = false }: MediaPublication,
  record: (tx: Executor) => Promise<string | null | void>,
): Promise<void> => {
  if (newName) await markUnreferenced(db, key);
  try {
    await storage.commit(temp, key);
  } catch (error) {
    // A failed commit publishes nothing: only the line goes.
    if (newName) await forgetUnreferenced(db, key);
    throw error;
  }
  let replaced: string | null = null;
  try {
    replaced = await db.transaction(async (tx) => {
      const old = (await record(tx)) ?? null;
      if (!(await storage.stat(key))) throw new MissingMediaError(key);
      if (newName) await forgetUnreferenced(tx, key);
      if (old === null || old === key) return null;
      await markUnreferenced(tx, old);
      return old;
    });
  } catch (error) {
    await removeUnreferenced({ db, storage }, key);
    throw error;
  }
  if (replaced !== null) await removeUnreferenced({ db, storage }, replaced);
};

/** Removes a file no row refers to, then its line in the list (a failure leaves it listed). */
const removeUnreferenced = async (
  { db, storage }: { db: Database; storage: MediaStorage },
  key: string,
) => {
  await storage.remove(key);
  await forgetUnreferenced(db, key);
};

/**
 * How long a listed file may wait for its record: the store of the largest original to a slow
 * bucket (8 GiB at 10 Mbit/s is under 2 hours) with a wide margin.
 */
export const UNREFERENCED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes the files listed since before `before` (a crash's), answering how many. */
export const sweepUnreferenced = async (
  deps: { db: Database; storage: MediaStorage },
  before: Date,
): Promise<number> => {
  const keys = await unreferencedSince(deps.db, before);
  for (const key of keys) await removeUnreferenced(deps, key);
  return keys.length;
};
