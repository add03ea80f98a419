import { sql } from 'drizzle-orm';
import { API, type ListEnvelope, type LoanApplication } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { ANCHOR_STEP, forgetMonthAnchors } from './repository';

/**
 * Pages by number deep in a month: the page seeks to the month's nearest anchor (every
 * ANCHOR_STEP rows) and skips the rest; it must hold exactly the rows a plain OFFSET gives,
 * ties on the moment broken by id, across anchors and month boundaries.
 */

jest.setTimeout(120_000);

let t: TestApp;
let admin: AuthHeaders;
const MONTH_ROWS = 1_230;

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
  // 1,230 approved applications in March 2025, three to a moment (ties), and 40 in May 2025.
  await t.db.execute(sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest, total_amount_due, status, created_at)
    SELECT 'LA-2025-7' || lpad(g::text, 5, '0'), 'Deep Borrower', (500000 + g)::text || '/11/1', '+26097' || (4000000 + g)::text,
           1000, 6, 300, 1300, 'approved', timestamptz '2025-03-28 10:00:00+00' - (g / 3) * interval '1 minute'
      FROM generate_series(1, ${MONTH_ROWS}) g`);
  await t.db.execute(sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest, total_amount_due, status, created_at)
    SELECT 'LA-2025-8' || lpad(g::text, 5, '0'), 'Deep Borrower', (600000 + g)::text || '/11/1', '+26097' || (5000000 + g)::text,
           1000, 6, 300, 1300, 'approved', timestamptz '2025-05-10 10:00:00+00' - g * interval '1 minute'
      FROM generate_series(1, 40) g`);
});

afterAll(() => t?.close());

async function page(n: number, pageSize = 15): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `${API.applications}/byStatus?status=approved&page=${n}&pageSize=${pageSize}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return (res.json() as ListEnvelope<LoanApplication>).items.map((r) => r.id);
}

/** The same page by a plain OFFSET over every approved application. */
async function expected(n: number, pageSize = 15): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT id FROM loan_applications WHERE kind = 'application' AND status = 'approved'
         ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(n - 1) * pageSize}`,
  );
  return rows.map((r) => Number(r.id));
}

describe('pages by number deep in a month', () => {
  it('hold the rows of a plain offset on both sides of every anchor', async () => {
    const [{ n: total }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications WHERE kind = 'application' AND status = 'approved'`);
    expect(total).toBeGreaterThan(MONTH_ROWS);
    expect(MONTH_ROWS).toBeGreaterThan(2 * ANCHOR_STEP);
      // Every page, at 15 (pages within an anchor's span) and 100 (pages straddling anchors).
    for (const size of [15, 100]) {
      for (let p = 1; p <= Math.ceil(total / size); p++) expect({ size, p, ids: await page(p, size) }).toEqual({ size, p, ids: await expected(p, size) });
    }
  });

  it('follow a deletion in the month once the anchors are renewed', async () => {
    expect(await page(40)).toEqual(await expected(40));
    const [victim] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM loan_applications WHERE reference_code = 'LA-2025-700100'`);
    await t.db.execute(sql`DELETE FROM loan_applications WHERE id = ${Number(victim.id)}`);
    // The month's count changed (loan_stats_monthly), so the anchors are new ones at once.
    expect(await page(40)).toEqual(await expected(40));
    forgetMonthAnchors();
    expect(await page(70)).toEqual(await expected(70));
  });
});
