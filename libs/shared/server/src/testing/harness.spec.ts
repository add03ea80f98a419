import { sql } from 'drizzle-orm';
import { queryRows } from '../db';
import { createTestDatabase } from './harness';
import { DEFAULT_TEST_DATABASE_URL, testDatabaseUrl, testDriver } from './urls';

describe('test addresses', () => {
  it('default to the local server, and TEST_DATABASE_URL overrides it', () => {
    expect(testDatabaseUrl({})).toBe(DEFAULT_TEST_DATABASE_URL);
    expect(testDatabaseUrl({ TEST_DATABASE_URL: 'postgres://x@db:5432/t' })).toBe('postgres://x@db:5432/t');
    expect(testDriver({})).toBe('pglite');
    expect(testDriver({ DB_DRIVER: 'pg' })).toBe('pg');
  });
});

describe('createTestDatabase', () => {
  it('gives each caller its own migrated database (PGlite, or PostgreSQL with DB_DRIVER=pg)', async () => {
    const [a, b] = await Promise.all([createTestDatabase('accounts'), createTestDatabase('none')]);
    try {
      expect(a.database.driver).toBe(testDriver() === 'pg' ? 'pg' : 'pglite');
      const users = async (d: typeof a) => (await queryRows<{ n: number }>(d.database.db, sql`SELECT count(*)::int AS n FROM users`))[0].n;
      expect(await users(a)).toBeGreaterThan(0);
      expect(await users(b)).toBe(0);
      await a.database.db.execute(sql`INSERT INTO branches (name, code) VALUES ('Only In A', 'ONLYA')`);
      const inB = await queryRows(b.database.db, sql`SELECT 1 FROM branches WHERE code = 'ONLYA'`);
      expect(inB).toHaveLength(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
