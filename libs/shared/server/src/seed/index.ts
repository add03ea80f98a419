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
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  if (row.n > 0) return false;
  const t = Date.now();
  await seedDemoAccounts(db);
  await seedDemoData(db, { applications: config.seedScale || DEMO_APPLICATIONS, log });
  log(`finished in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return true;
}
