import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { queryRows, type Db } from '../db';
import { seedDemoAccounts } from './accounts';
import { DEMO_APPLICATIONS, seedDemoData } from './demo-data';

export * from './accounts';
export * from './demo-data';

/**
 * On start-up: with SEED=demo and an empty database (no users), seeds the demo accounts
 * and the demo business data (SEED_SCALE applications, default about 2,000).
 * Later starts find users and keep the data as it is.
 */
export async function seedIfEmpty(db: Db, config: Config, log: (line: string) => void = () => undefined): Promise<boolean> {
  if (config.seed !== 'demo') return false;
  // Several instances may start together on one empty PostgreSQL: the first seeds while the
  // others wait on this lock, then find users and leave the data as it is.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM users`);
    if (row.n > 0) return false;
    const t = Date.now();
    await seedDemoAccounts(tx);
    await seedDemoData(tx, { applications: config.seedScale || DEMO_APPLICATIONS, log });
    log(`finished in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return true;
  });
}

// Any constant (the migrations use 727001).
const SEED_LOCK_KEY = 727_002;
