import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Runs a raw drizzle `sql` query and answers its rows, the same on PGlite and
 * node-postgres (both answer `{ rows }`). Note: bigint/numeric columns come back as
 * strings; cast counts with `::int` (or Number()) where a number is wanted.
 */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A report's query (an aggregate or a long scan), with PostgreSQL's JIT off for it: such a
 * query has a high estimated cost, so the server JIT-compiles it, which on a 1M-application
 * book took longer (1.7 s) than running it (0.75 s). `SET LOCAL` keeps the setting to this
 * transaction (PGlite accepts it too).
 */
export async function reportRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<T>(tx as unknown as Db, query);
  });
}

/**
 * SQL for the instant a business day starts (`date`: a 'YYYY-MM-DD' parameter or a date
 * expression; today's business date by default), in the business time zone setting. A bound
 * on a timestamptz column, so an index on the column serves it.
 */
export function businessDayStartSql(date?: string | SQLWrapper): SQL {
  const d = date === undefined ? sql`business_today()` : typeof date === 'string' ? sql`${date}::date` : sql`(${date})::date`;
  return sql`(${d}::timestamp AT TIME ZONE business_time_zone())`;
}

/** SQL for the business date of a timestamptz column or expression. */
export function businessDateSql(at: SQLWrapper): SQL {
  return sql`((${at}) AT TIME ZONE business_time_zone())::date`;
}

/**
 * A range of business days (the business time zone setting: NOTES.md "Business time"), both
 * inclusive, on a timestamptz column or expression: bounds on the instant (the start of the
 * business day), so an index on the column serves them. Either end may be left out.
 */
export function businessDayRange(at: SQLWrapper, fromDate?: string, toDate?: string): SQL[] {
  const conds: SQL[] = [];
  if (fromDate) conds.push(sql`${at} >= ${businessDayStartSql(fromDate)}`);
  if (toDate) conds.push(sql`${at} < ${businessDayStartSql(sql`${toDate}::date + 1`)}`);
  return conds;
}
