import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db';

/**
 * Rate limits kept in PostgreSQL (rate_limits), so several api instances share them.
 * Keys are free text: 'login:<identifier>|<ip>', 'otp-send:<mobile>'... Each key counts
 * hits in a fixed window that starts at its first hit.
 *
 * Counting and answering is ONE statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING):
 * the row lock orders parallel callers, so 100 parallel requests see 1, 2, ... 100 and
 * exactly `limit` of them pass. (A count followed by an insert let them all pass.)
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ hits: number }>(
    db,
    sql`INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES (${key}, clock_timestamp(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_started_at <= clock_timestamp() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.hits + 1 END,
          window_started_at = CASE WHEN r.window_started_at <= clock_timestamp() - make_interval(secs => ${windowSeconds})
                                   THEN clock_timestamp() ELSE r.window_started_at END
        RETURNING r.hits`,
  );
  // Windows long over are swept now and then rather than by a job.
  if (Math.random() < 0.01) await db.execute(sql`DELETE FROM rate_limits WHERE window_started_at < now() - interval '1 day'`);
  return Number(rows[0]?.hits ?? 0);
}

/** Hits of the key in its current window (0 when none or the window is over). */
export async function countHits(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT hits AS n FROM rate_limits
         WHERE key = ${key} AND window_started_at > clock_timestamp() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Gives one hit back (e.g. a login that turned out right: only failures count). */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key}`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Counts one hit and answers whether the key is still within `limit` hits per window. */
export async function consume(db: Db, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return (await hit(db, key, windowSeconds)) <= limit;
}

export const TOO_MANY = { message: 'Too Many Attempts.' };
