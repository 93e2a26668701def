import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each test file's time in ms on a whole run, by `project:path from the root`. */
export type Durations = Record<string, number>;

/**
 * Committed, so a fresh clone (CI) knows them: vitest's own cache of durations lives in
 * node_modules and starts empty there. Refreshed with `TEST_DURATIONS=write npm test`.
 */
export const durationsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'durations.json',
);

export const durationKey = (project: string, file: string) =>
  `${project}:${file.split(path.sep).join('/')}`;

export const readDurations = (): Durations =>
  existsSync(durationsFile) ? (JSON.parse(readFileSync(durationsFile, 'utf8')) as Durations) : {};
