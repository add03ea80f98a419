import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';
import { createTestApp, testDriver, type TestApp } from '@loan/shared-server/testing';
import { dashboardServer } from '../../index';
import { dailyCardStats } from './service';

jest.setTimeout(300_000);

/**
 * Issue 12: the dashboard's default view, daily-card-stats (Yesterday), is answered from the
 * covering indexes of migration 0801 (index-only scans), not from the heap. On PostgreSQL
 * (test-pg) with enough rows and fresh statistics, the plans of the very queries the service
 * sends (captured from its calls) must name those indexes. PGlite's planner is not what
 * production runs, so the check is PostgreSQL's only.
 */
const onPg = testDriver() === 'pg';
const APPLICATIONS = 200_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

let t: TestApp;

/** The SQL statements dailyCardStats sends, as sent. */
async function capturedQueries(db: Db): Promise<SQL[]> {
  const seen: SQL[] = [];
  const spy = jest.spyOn(db, 'execute').mockImplementation(((q: SQL) => {
    seen.push(q);
    return Promise.resolve({ rows: [] });
  }) as never);
  try {
    await dailyCardStats(db, { all: true } as never);
  } finally {
    spy.mockRestore();
  }
  return seen;
}

async function plan(db: Db, q: SQL): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(db, sql`EXPLAIN (FORMAT JSON) ${q}`);
  return nodes(row['QUERY PLAN'][0].Plan);
}

(onPg ? describe : describe.skip)('daily-card-stats on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({ modules: [dashboardServer], seed: 'accounts' });
    // Two years of applications (about 270 a day), a third of them with an offer letter.
    await t.db.execute(sql`
      INSERT INTO loan_applications (kind, reference_code, fullname, nrc, mobile, amount, total_amount_due, status, branch_id, created_at)
      SELECT CASE WHEN i % 10 = 0 THEN 'topup' ELSE 'application' END,
             'LA-P-' || i, 'Borrower ' || i, (100000 + i % 800000) || '/10/1', '+260971234567',
             1000 + i % 5000, 1300 + i % 5000,
             (ARRAY['request', 'approved', 'rejected', 'closed'])[1 + i % 4],
             (SELECT id FROM branches ORDER BY id LIMIT 1),
             now() - (i * interval '1 day' * 730 / ${APPLICATIONS})
        FROM generate_series(1, ${APPLICATIONS}) AS i`);
    await t.db.execute(sql`
      INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                 authorized_rep_name, authorized_rep_date, expires_at, created_at)
      SELECT a.id, 'plan-' || a.id, (ARRAY['pending', 'signed', 'expired'])[1 + (a.id / 3) % 3], a.amount, a.total_amount_due, 6, 'Terms',
             'Chanda Mwila', a.created_at::date, a.created_at + interval '7 days', a.created_at
        FROM loan_applications a WHERE a.id % 3 = 0`);
    await t.db.execute(sql`VACUUM ANALYZE loan_applications`);
    await t.db.execute(sql`VACUUM ANALYZE offer_letters`);
  });
  afterAll(() => t?.close());

  it('counts applications by status from loan_applications_created_cover_idx alone, and the letters from their cover index', async () => {
    const queries = await capturedQueries(t.db);
    expect(queries).toHaveLength(2);
    const plans = await Promise.all(queries.map((q) => plan(t.db, q)));
    const [apps, letters] = plans.map((p) => p.filter((n) => n['Relation Name'] || n['Index Name']));
    const scansOf = (ns: PlanNode[]) => ns.map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name']}`);

    expect(scansOf(apps)).toEqual(['Index Only Scan loan_applications_created_cover_idx']);
    // No heap: every count of the letters' query is an index-only scan, the pending one (which
    // also reads expires_at) on the covering index.
    expect(scansOf(letters).filter((s) => !s.startsWith('Index Only Scan'))).toEqual([]);
    expect(scansOf(letters)).toContain('Index Only Scan offer_letters_status_created_cover_idx');
  });

  it('and without that index the applications query reads the heap (the check can fail)', async () => {
    const [apps] = await capturedQueries(t.db);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`DROP INDEX loan_applications_created_cover_idx`);
      const scans = (await plan(tx, apps)).map((n) => n['Index Name'] ?? n['Relation Name']).filter(Boolean);
      expect(scans).not.toContain('loan_applications_created_cover_idx');
      tx.rollback();
    }).catch((e: Error) => {
      if (!/rollback/i.test(e.message)) throw e;
    });
  });
});

if (!onPg) it('runs on PostgreSQL only (nx run dashboard-server:test-pg)', () => expect(onPg).toBe(false));
