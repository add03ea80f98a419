import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';
import { createTestApp, testDriver, type TestApp } from '@loan/shared-server/testing';
import { dashboardServer } from '../../index';
import { dailyCardStats } from './service';

jest.setTimeout(300_000);

/**
 * Issue 12: the dashboard's default view, daily-card-stats (Yesterday), reads the day
 * summaries of migration 1400 (dashboard_application_days, dashboard_offer_days) and counts
 * pending letters past their expiry from an index alone, for a user who sees every branch and
 * for a branch-bound one: never loan_applications, never the letters' heap. On PostgreSQL
 * (test-pg) with enough rows and fresh statistics, the plans of the very queries the service
 * sends (captured from its calls) must say so. PGlite's planner is not what production runs,
 * so the check is PostgreSQL's only.
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
async function capturedQueries(db: Db, scope: object = { all: true }): Promise<SQL[]> {
  const seen: SQL[] = [];
  const spy = jest.spyOn(db, 'execute').mockImplementation(((q: SQL) => {
    seen.push(q);
    return Promise.resolve({ rows: [] });
  }) as never);
  try {
    await dailyCardStats(db, scope as never);
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
    await t.db.execute(sql`VACUUM ANALYZE dashboard_application_days`);
    await t.db.execute(sql`VACUUM ANALYZE dashboard_offer_days`);
  });
  afterAll(() => t?.close());

  const scansOf = (ns: PlanNode[]) => ns.filter((n) => n['Relation Name'] || n['Index Name']).map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name']}`);
  const branchScope = async () => {
    const [b] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
    return { all: false, branchId: Number(b.id) };
  };

  it.each([
    ['every branch', async () => ({ all: true }), 'offer_letters_status_created_cover_idx'],
    ['one branch', branchScope, 'offer_letters_pending_branch_idx'],
  ])('for %s: one statement over the day summaries, the overdue letters from an index alone', async (_name, scope, letterIndex) => {
    const queries = await capturedQueries(t.db, await scope());
    expect(queries).toHaveLength(1);
    const scans = scansOf(await plan(t.db, queries[0]));
    expect(scans.some((s) => s.endsWith('dashboard_application_days') || s.includes('dashboard_application_days_pkey'))).toBe(true);
    expect(scans.some((s) => s.endsWith('dashboard_offer_days') || s.includes('dashboard_offer_days_pkey'))).toBe(true);
    expect(scans.filter((s) => s.includes('loan_applications'))).toEqual([]);
    expect(scans.filter((s) => s.includes('offer_letters'))).toEqual([`Index Only Scan ${letterIndex}`]);
  });

  it("and without the branch's pending index a branch-bound user's letters read the heap (the check can fail)", async () => {
    const [q] = await capturedQueries(t.db, await branchScope());
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`DROP INDEX offer_letters_pending_branch_idx`);
        const scans = scansOf(await plan(tx, q)).filter((s) => s.includes('offer_letters'));
        expect(scans).not.toEqual(['Index Only Scan offer_letters_pending_branch_idx']);
        expect(scans.some((s) => !s.startsWith('Index Only Scan'))).toBe(true);
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
  });
});

if (!onPg) it('runs on PostgreSQL only (nx run dashboard-server:test-pg)', () => expect(onPg).toBe(false));
