import type { SQL } from 'drizzle-orm';
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
