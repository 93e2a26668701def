import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { settings } from './schema.ts';

/**
 * The one writer of the site's settings row (id 1, created by migration 0002): the settings
 * module (home display, GPA promotion, current direct) and the live module (its two settings,
 * a starting live made current) both call here.
 */
const theRow = eq(settings.id, 1);

const columns = {
  homeDisplay: settings.homeDisplay,
  gpaPromo: settings.gpaPromo,
  currentDirectId: settings.currentDirectId,
};

export type SettingsRow = { homeDisplay: number; gpaPromo: number; currentDirectId: number | null };

export const readSettings = async (db: Executor): Promise<SettingsRow | undefined> =>
  (await db.select(columns).from(settings).where(theRow))[0];

export const writeHomeDisplay = async (db: Executor, homeDisplay: number) =>
  (await db.update(settings).set({ homeDisplay }).where(theRow).returning(columns))[0];

export const writeGpaPromo = async (db: Executor, gpaPromo: number) =>
  (await db.update(settings).set({ gpaPromo }).where(theRow).returning(columns))[0];

/**
 * Names the current direct and, when one is set on the classic home (0), switches the home to
 * the theme display (1), in one statement. Answers nothing when the direct does not exist.
 */
export const writeCurrentDirect = async (db: Executor, directId: number | null) => {
  if (directId === null) {
    return (
      await db.update(settings).set({ currentDirectId: null }).where(theRow).returning(columns)
    )[0];
  }
  return (
    await db
      .update(settings)
      .set({
        currentDirectId: directId,
        homeDisplay: sql`case when ${settings.homeDisplay} = 0 then 1 else ${settings.homeDisplay} end`,
      })
      .where(sql`${theRow} and exists (select 1 from directs d where d.id = ${directId})`)
      .returning(columns)
  )[0];
};

/** What Plateau does by itself when a live starts and ends (GET/PUT /liveSettings). */
export const readLiveSettings = async (db: Executor) => {
  const [row] = await db
    .select({ liveSetsCurrent: settings.liveSetsCurrent, publishRediff: settings.publishRediff })
    .from(settings)
    .where(theRow);
  return row ?? { liveSetsCurrent: true, publishRediff: false };
};

export const writeLiveSettings = async (
  db: Executor,
  values: { liveSetsCurrent: boolean; publishRediff: boolean },
) => {
  await db.update(settings).set(values).where(theRow);
};

/** Makes the direct the current one when no direct is (and the setting allows it). */
export const claimCurrentDirect = async (db: Executor, directId: number) => {
  await db
    .update(settings)
    .set({ currentDirectId: directId })
    .where(and(theRow, isNull(settings.currentDirectId), eq(settings.liveSetsCurrent, true)));
};
