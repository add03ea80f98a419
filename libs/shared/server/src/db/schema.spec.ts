import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { queryRows } from './sql';
import { loadMigrations } from './migrate';
import { createTestApp, type TestApp } from '../testing/harness';

/** The drizzle definitions must mirror the SQL migrations (the migrations are the truth). */
describe('drizzle schema vs migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('has every drizzle table and column in the migrated database, with matching nullability', async () => {
    const cols = await queryRows<{ table_name: string; column_name: string; is_nullable: string }>(
      t.db,
      sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const db = new Map(cols.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'YES']));
    const problems: string[] = [];
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      const cfg = getTableConfig(table);
      for (const col of cfg.columns) {
        const key = `${cfg.name}.${col.name}`;
        if (!db.has(key)) problems.push(`${key} missing in the database`);
        else if (db.get(key) === col.notNull) problems.push(`${key} nullability differs`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names migrations NNNN_name.sql with unique numbers', () => {
    const names = loadMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(names).toEqual([...names].sort());
  });

  it('stores money exactly (numeric), never as floating point', async () => {
    const floats = await queryRows<{ c: string }>(
      t.db,
      sql`SELECT table_name || '.' || column_name AS c FROM information_schema.columns
           WHERE table_schema = 'public' AND data_type IN ('real', 'double precision')`,
    );
    expect(floats).toEqual([]);
    const [sum] = await queryRows<{ s: string }>(t.db, sql`SELECT (0.1::numeric(14,2) + 0.2::numeric(14,2))::text AS s`);
    expect(sum.s).toBe('0.30');
  });

  it('keeps loan_stats_monthly equal to the applications through insert, update and delete', async () => {
    const { seedDemoData } = await import('../seed/demo-data');
    await seedDemoData(t.db, { applications: 120 });
    await t.db.execute(sql`UPDATE loan_applications SET status = 'approved' WHERE status = 'request' AND id % 2 = 0`);
    await t.db.execute(sql`DELETE FROM loan_applications WHERE id % 7 = 0`);
    const diff = await queryRows(
      t.db,
      sql`SELECT * FROM (
            SELECT kind, status, coalesce(branch_id, 0) AS b, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS m,
                   count(*)::bigint AS n, sum(amount) AS a, sum(total_amount_due) AS d
              FROM loan_applications GROUP BY 1, 2, 3, 4
            EXCEPT
            SELECT kind, status, branch_id, month, count, total_amount, total_amount_due FROM loan_stats_monthly WHERE count <> 0) x`,
    );
    expect(diff).toEqual([]);
  });
});
