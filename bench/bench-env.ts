/** Where the benchmark database lives and what the seeded catalogue holds. */
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const benchDatabaseName = 'plateau_bench';

export const benchUrl = (): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabaseName}`;
  return url.toString();
};

export interface SeedSizes {
  users: number;
  tags: number;
  videos: number;
  history: number;
  /** History rows of each of the heavy users (users 1-9). */
  heavyHistory: number;
}

export const expected: SeedSizes = {
  users: 5_000,
  tags: 200,
  videos: 100_000,
  history: 1_000_000,
  heavyHistory: 20_000,
};

/** The embedded database's run: a tenth of the catalogue. */
export const pgliteExpected: SeedSizes = {
  users: 500,
  tags: 200,
  videos: 10_000,
  history: 100_000,
  heavyHistory: 2_000,
};

/** Bumped whenever the seeded data changes shape, so an old bench database is reseeded. */
export const seedVersion = 'plateau-bench-seed v2';

/** The signed-in viewer of every scenario: a plain `user` with the heaviest history. */
export const benchViewerId = 1;

/** Users 1-9 watched `heavyHistory` videos each; the others share the rest of the rows. */
export const heavyUsers = 9;
