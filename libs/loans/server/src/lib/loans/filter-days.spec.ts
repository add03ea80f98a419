import { sql } from 'drizzle-orm';
import { API, type ListEnvelope, type LoanApplication } from '@loan/shared-contract';
import { createTestApp, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

// The /filter (and /export) date range is read as business days (NOTES.md "Business time"),
// not UTC days. Two applications at the day boundary:
//   E: created 2026-05-31 21:30Z = 31 May 23:30 in Lusaka (31 May either way)
//   L: created 2026-05-31 22:30Z =  1 June 00:30 in Lusaka (still 31 May in UTC)
const BASE = API.applications;
let t: TestApp;
let admin: AuthHeaders;

async function created(ref: string, at: string) {
  await t.db.execute(
    sql`INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, total_amount_due, status, created_at, updated_at)
        VALUES (${ref}, (SELECT min(id) FROM branches), 'Borrower', '123456/10/1', '+260971000000', 1000.00, 1300.00, 'request',
                ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  await created('LA-2026-820001', '2026-05-31T21:30:00Z');
  await created('LA-2026-820002', '2026-05-31T22:30:00Z');
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t?.close());

async function filter(range: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/filter?${range}&pageSize=100`, headers: admin });
  expect(res.statusCode).toBe(200);
  return (res.json() as ListEnvelope<LoanApplication>).items.map((r) => r.reference_code).sort();
}

it('/filter counts the business day of creation: 23:30 on 31 May is 31 May, 00:30 on 1 June is June', async () => {
  expect(await filter('fromDate=2026-05-31&toDate=2026-05-31')).toEqual(['LA-2026-820001']);
  expect(await filter('fromDate=2026-06-01&toDate=2026-06-01')).toEqual(['LA-2026-820002']);
  expect(await filter('toDate=2026-05-31')).toEqual(['LA-2026-820001']);
  expect(await filter('fromDate=2026-06-01')).toEqual(['LA-2026-820002']);
  expect(await filter('fromDate=2026-05-31&toDate=2026-06-01')).toEqual(['LA-2026-820001', 'LA-2026-820002']);
});

it('the CSV export of the list takes the same business days', async () => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/export?status=request&fromDate=2026-06-01&toDate=2026-06-01`, headers: admin });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('LA-2026-820002');
  expect(res.body).not.toContain('LA-2026-820001');
});
