import { sql } from 'drizzle-orm';

/**
 * An enum value (privacy, processing) written into the SQL text instead of bound as a
 * parameter, the way the partial indexes state it (`where processing = 3`): the planner can
 * then match those indexes whatever plan it makes.
 */
export const sqlLiteral = (value: number) => sql.raw(String(value));
