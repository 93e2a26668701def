import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { directs, videos } from '../../db/schema.ts';
import type { TestContext } from '../../test/harness.ts';

export const PNG_BYTES = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  randomBytes(64),
]);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from('ffd8ffe000104a464946', 'hex'),
  randomBytes(64),
]);
export const GIF_BYTES = Buffer.concat([Buffer.from('GIF89a', 'ascii'), randomBytes(64)]);

/** Byte equality without vitest's element-by-element diff (slow on megabytes). */
export const expectBytes = (actual: Buffer, expected: Buffer) => {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected), 'same bytes').toBe(true);
};

export interface FilePart {
  field: string;
  content: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body of files (and text fields), as a browser sends it. */
export const multipart = (
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----plateau${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'file.bin'}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const upload = (
  ctx: Pick<TestContext, 'app'>,
  url: string,
  auth: Record<string, string>,
  files: FilePart[],
) => {
  const body = multipart(files);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

/** The file at `file` sent as video `id`'s upload. */
export const uploadVideo = async (
  ctx: TestContext,
  id: number,
  auth: Record<string, string>,
  file: string,
) =>
  upload(ctx, `/api/media/video/${id}`, auth, [
    { field: 'video_upload', content: await readFile(file), filename: 'clip.mp4' },
  ]);

export const insertVideo = async (
  ctx: TestContext,
  values: Partial<typeof videos.$inferInsert> = {},
): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Vidéo de test', privacy: 1, ...values })
    .returning({ id: videos.id });
  return row!.id;
};

export const insertDirect = async (
  ctx: TestContext,
  values: Partial<typeof directs.$inferInsert> = {},
): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(directs)
    .values({ title: 'Direct de test', privacy: 1, ...values })
    .returning({ id: directs.id });
  return row!.id;
};

export const setVideo = (
  ctx: TestContext,
  id: number,
  values: Partial<typeof videos.$inferInsert>,
) => ctx.database.db.update(videos).set(values).where(eq(videos.id, id));

export const videoRow = async (ctx: TestContext, id: number) =>
  (await ctx.database.db.select().from(videos).where(eq(videos.id, id)))[0]!;

export const directRow = async (ctx: TestContext, id: number) =>
  (await ctx.database.db.select().from(directs).where(eq(directs.id, id)))[0]!;

/** Files left in the storage's temporary folder (none after any upload, good or bad). */
export const tempFiles = (ctx: TestContext): string[] => {
  try {
    return readdirSync(path.join(ctx.config.mediaDir, '.tmp'));
  } catch {
    return [];
  }
};

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/** Every stored file under the media root except temporaries, relative to it. */
export const storedFiles = (ctx: TestContext): string[] => {
  try {
    return walk(ctx.config.mediaDir)
      .map((file) => path.relative(ctx.config.mediaDir, file))
      .filter((file) => !file.startsWith('.tmp'))
      .sort();
  } catch {
    return [];
  }
};
