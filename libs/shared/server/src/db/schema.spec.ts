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

  it('keeps loan_stats_monthly and the dashboard summaries equal to the applications and letters through insert, update and delete', async () => {
    const { seedDemoData } = await import('../seed/demo-data');
    await seedDemoData(t.db, { applications: 120 });
    await t.db.execute(sql`UPDATE loan_applications SET status = 'approved' WHERE status = 'request' AND id % 2 = 0`);
    await t.db.execute(sql`DELETE FROM loan_applications WHERE id % 7 = 0`);
    // Letters: signed, expired, deleted, one more; applications moved to another branch (their
    // letters move with them), one left without a branch, amounts and dates edited.
    await t.db.execute(sql`UPDATE offer_letters SET status = 'signed' WHERE status = 'pending' AND id % 2 = 0`);
    await t.db.execute(sql`UPDATE offer_letters SET status = 'expired' WHERE status = 'pending' AND id % 3 = 0`);
    await t.db.execute(sql`DELETE FROM offer_letters WHERE id % 5 = 0`);
    await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                      authorized_rep_name, authorized_rep_date, expires_at)
                           SELECT id, 'kept-' || id, 'pending', amount, total_amount_due, 6, 'Terms', 'Rep', current_date, now() + interval '7 days'
                             FROM loan_applications WHERE id % 11 = 0`);
    await t.db.execute(sql`UPDATE loan_applications SET branch_id = (SELECT max(id) FROM branches) WHERE id % 4 = 0`);
    await t.db.execute(sql`UPDATE loan_applications SET branch_id = NULL WHERE id % 13 = 0`);
    await t.db.execute(sql`UPDATE loan_applications SET amount = amount + 0.01, created_at = created_at - interval '1 day' WHERE id % 6 = 0`);
    const same = async (actual: ReturnType<typeof sql>, kept: ReturnType<typeof sql>) => {
      const diff = await queryRows(t.db, sql`SELECT 'missing' AS side, * FROM (${actual} EXCEPT ${kept}) a UNION ALL SELECT 'extra', * FROM (${kept} EXCEPT ${actual}) b`);
      expect(diff).toEqual([]);
    };
    const [moved] = await queryRows<{ letters: number; off: number }>(
      t.db,
      sql`SELECT count(*)::int AS letters, count(*) FILTER (WHERE ol.branch_id IS DISTINCT FROM la.branch_id)::int AS off
            FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id`,
    );
    expect(moved.letters).toBeGreaterThan(20);
    expect(moved.off).toBe(0);
    await same(
      sql`SELECT status, coalesce(branch_id, 0) AS b, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS m, count(*)::bigint AS n FROM offer_letters GROUP BY 1, 2, 3`,
      sql`SELECT status, branch_id, month, count FROM dashboard_offer_counts WHERE count <> 0`,
    );
    await same(
      sql`SELECT (created_at AT TIME ZONE 'Africa/Lusaka')::date AS d, coalesce(branch_id, 0) AS b, status, count(*)::bigint AS n FROM offer_letters GROUP BY 1, 2, 3`,
      sql`SELECT day, branch_id, status, count FROM dashboard_offer_days WHERE count <> 0`,
    );
    await same(
      sql`SELECT (created_at AT TIME ZONE 'Africa/Lusaka')::date AS d, coalesce(branch_id, 0) AS b, status, count(*)::bigint AS n, sum(amount)::numeric(18,2) AS a
            FROM loan_applications WHERE kind = 'application' GROUP BY 1, 2, 3`,
      sql`SELECT day, branch_id, status, count, amount FROM dashboard_application_days WHERE count <> 0`,
    );
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
  it('seeds the two loan products (1700) and keeps their versions immutable', async () => {
    const rows = await queryRows<{ code: string; active: boolean; is_default: boolean; version: number; interest_method: string; fees: unknown; penalty: unknown; allocation_order: string[] }>(
      t.db,
      sql`SELECT p.code, p.active, p.is_default, v.version, v.interest_method, v.fees, v.penalty, v.allocation_order
            FROM loan_products p JOIN loan_product_versions v ON v.product_id = p.id ORDER BY p.code`,
    );
    expect(rows).toEqual([
      { code: 'LEGACY-FLAT', active: false, is_default: false, version: 1, interest_method: 'flat', fees: [], penalty: null, allocation_order: ['penalty', 'fees', 'interest', 'principal'] },
      { code: 'STANDARD', active: true, is_default: true, version: 1, interest_method: 'flat', fees: [], penalty: null, allocation_order: ['penalty', 'fees', 'interest', 'principal'] },
    ]);
    const refusal = (q: ReturnType<typeof sql>) => t.db.execute(q).then(() => 'done', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    expect(await refusal(sql`UPDATE loan_product_versions SET monthly_rate_percent = 1`)).toMatch(/immutable/);
    expect(await refusal(sql`DELETE FROM loan_product_versions`)).toMatch(/immutable/);
    // An allocation order missing a part is refused by the table too.
    await expect(
      t.db.execute(sql`INSERT INTO loan_product_versions (product_id, version, interest_method, monthly_rate_percent, min_amount, max_amount, min_tenure, max_tenure, allocation_order)
                       SELECT id, 9, 'flat', 4, 500, 1000, 1, 6, ARRAY['penalty', 'fees', 'interest', 'interest'] FROM loan_products WHERE code = 'STANDARD'`),
    ).rejects.toThrow();
  });
});
