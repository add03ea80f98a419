import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db';

/**
 * Sliding-window rate limits kept in PostgreSQL (rate_limit_hits), so several api
 * instances share them. Keys are free text: 'login:<identifier>|<ip>', 'otp:<mobile>'...
 */
export async function countHits(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM rate_limit_hits
         WHERE key = ${key} AND created_at > now() - make_interval(secs => ${windowSeconds})`,
  );
  return rows[0]?.n ?? 0;
}

export async function recordHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`INSERT INTO rate_limit_hits (key) VALUES (${key})`);
  if (Math.random() < 0.02) await db.execute(sql`DELETE FROM rate_limit_hits WHERE created_at < now() - interval '1 day'`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE key = ${key}`);
}

/** Records one hit and answers whether the key is still within `limit` hits per window. */
export async function consume(db: Db, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const used = await countHits(db, key, windowSeconds);
  if (used >= limit) return false;
  await recordHit(db, key);
  return true;
}

export const TOO_MANY = { message: 'Too Many Attempts.' };
