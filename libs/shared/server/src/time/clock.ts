import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { queryRows } from '../db/sql';

/**
 * The one business clock (migration 1650). SQL reads it through business_today(); server
 * code reads it here, in the transaction that uses it, so a command and the rows it writes
 * agree on the day. Tests and the demo move time with setBusinessDate, never by shifting
 * the machine clock.
 */
export async function businessToday(db: Db): Promise<string> {
  const [row] = await queryRows<{ d: string }>(db, sql`SELECT business_today()::text AS d`);
  return row.d;
}

/** The business time zone (a setting; Africa/Lusaka unless changed). */
export async function businessTimeZone(db: Db): Promise<string> {
  const [row] = await queryRows<{ tz: string }>(db, sql`SELECT business_time_zone() AS tz`);
  return row.tz;
}

/** Fixes the business date (YYYY-MM-DD), or lets it follow the real date again (null). */
export async function setBusinessDate(db: Db, date: string | null): Promise<void> {
  if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  await db.execute(sql`UPDATE business_clock SET fixed_date = ${date}::date, updated_at = now()`);
}

/** The fixed business date, or null when the clock follows the real date. */
export async function fixedBusinessDate(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ d: string | null }>(db, sql`SELECT fixed_date::text AS d FROM business_clock`);
  return row?.d ?? null;
}

