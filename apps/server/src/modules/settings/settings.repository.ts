import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** Settings live in one row, id 1, created by migration 0002. */
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
