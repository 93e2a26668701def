import { Processing } from '@plateau/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import type { DatabaseHandle, Executor } from './client.ts';
import { videos } from './schema.ts';
import {
  isAllowedTransition,
  markEncoded,
  markEncodeFailed,
  markEncodeQueued,
  markMediaRemoved,
  markRawUploaded,
  processingTransitions,
  releaseEncodes,
} from './video-processing.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const states = [
  Processing.NoUpload,
  Processing.Uploaded,
  Processing.Encoding,
  Processing.Published,
] as const;

/** A row with every processing-related field set, so a write that should not happen shows. */
const seed = async (processing: Processing) => {
  const [row] = await database.db
    .insert(videos)
    .values({
      title: `État ${processing}`,
      privacy: 0,
      processing,
      rungs: [240],
      hasThumbnail: true,
      encodingProgress: 40,
      encodingError: 'ancienne erreur',
    })
    .returning({ id: videos.id });
  return row!.id;
};

const read = async (id: number) =>
  (await database.db.select().from(videos).where(eq(videos.id, id)))[0]!;

describe('the allowed processing transitions', () => {
  it('are exactly 0/1/3 -> 1 and -> 0, 1/3 -> 2, 2 -> 3 and 2 -> 1', () => {
    const allowed = states.flatMap((from) =>
      states.filter((to) => isAllowedTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['0->0', '0->1', '1->0', '1->1', '1->2', '2->1', '2->3', '3->0', '3->1', '3->2'].sort(),
    );
  });
});

/** Each write, the fields it sets besides processing, and how to call it. */
const writes: {
  name: keyof typeof processingTransitions;
  run: (db: Executor, id: number) => Promise<boolean>;
  fields: Record<string, unknown>;
}[] = [
  {
    name: 'rawUploaded',
    run: (db, id) => markRawUploaded(db, id, 7),
    fields: {
      encodingError: null,
      encodingProgress: null,
      rungs: [240],
      hasThumbnail: true,
      rawVersion: 7,
    },
  },
  {
    name: 'mediaRemoved',
    run: markMediaRemoved,
    fields: { encodingError: null, encodingProgress: null, rungs: [], hasThumbnail: false },
  },
  {
    name: 'encodeQueued',
    run: markEncodeQueued,
    fields: { encodingError: null, encodingProgress: 0, rungs: [240] },
  },
  {
    name: 'encoded',
    run: (db, id) => markEncoded(db, id, [240, 480], false),
    fields: { encodingError: null, encodingProgress: null, rungs: [240, 480], hasThumbnail: true },
  },
  {
    name: 'encodeFailed',
    run: (db, id) => markEncodeFailed(db, id, 'ffmpeg a échoué'),
    fields: { encodingError: 'ffmpeg a échoué', encodingProgress: null, rungs: [240] },
  },
];

describe.each(writes)('the $name write', ({ name, run, fields }) => {
  const { from, to } = processingTransitions[name];

  it.each(states)('from %i moves the row only when the transition is allowed', async (start) => {
    const id = await seed(start);
    const before = await read(id);
    const allowed = (from as readonly Processing[]).includes(start);

    expect(await database.db.transaction((tx) => run(tx, id))).toBe(allowed);

    const after = await read(id);
    // A refused transition leaves every column as it was, not only processing.
    expect(after).toEqual(allowed ? { ...before, processing: to, ...fields } : before);
  });

  it('answers false for a video that does not exist', async () => {
    expect(await run(database.db, 2_000_000_000)).toBe(false);
  });

  it("is undone with the caller's transaction", async () => {
    const id = await seed(from[0]);
    const before = await read(id);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await run(tx, id)).toBe(true);
        throw new Error('the job could not be queued');
      }),
    ).rejects.toThrow('the job could not be queued');
    expect(await read(id)).toEqual(before);
  });
});

describe('releaseEncodes', () => {
  it('returns to 1 only the videos at 2 that no job may still finish', async () => {
    const orphan = await seed(Processing.Encoding);
    const queued = await seed(Processing.Encoding);
    const others = await Promise.all(
      [Processing.NoUpload, Processing.Uploaded, Processing.Published].map(seed),
    );
    const before = await Promise.all([queued, ...others].map(read));

    const released = await releaseEncodes(
      database.db,
      'interrompu',
      (videoId) => sql`${videoId} = ${queued}`,
    );

    expect(released).toContain(orphan);
    expect(released).not.toContain(queued);
    expect(await read(orphan)).toMatchObject({
      processing: Processing.Uploaded,
      encodingError: 'interrompu',
      encodingProgress: null,
    });
    expect(await Promise.all([queued, ...others].map(read))).toEqual(before);
  });
});
