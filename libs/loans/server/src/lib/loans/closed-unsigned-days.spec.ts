import { sql } from 'drizzle-orm';
import { API, type ClosedUnsignedBranchStat, type ListEnvelope, type LoanApplication } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { closedUnsignedBatch } from './repository';

// The closed-unsigned report takes fromDate/toDate as Lusaka days (Africa/Lusaka, UTC+2), like
// every other report. Two closed applications with no signed letter, at the day boundary:
//   E: closed 2026-05-31 21:30Z = 31 May 23:30 in Lusaka (31 May either way)
//   L: closed 2026-05-31 22:30Z =  1 June 00:30 in Lusaka (still 31 May in UTC)
const BASE = API.applications;
let t: TestApp;
let admin: AuthHeaders;
let branch: string;

async function closed(ref: string, at: string) {
  await t.db.execute(
    sql`INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, total_amount_due, status, created_at, updated_at, closed_at)
        VALUES (${ref}, (SELECT min(id) FROM branches), 'Borrower', '123456/10/1', '+260971000000', 1000.00, 1300.00, 'closed',
                '2026-05-01T08:00:00Z', ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  await closed('LA-2026-810001', '2026-05-31T21:30:00Z');
  await closed('LA-2026-810002', '2026-05-31T22:30:00Z');
  [{ branch }] = await queryRows<{ branch: string }>(t.db, sql`SELECT name AS branch FROM branches ORDER BY id LIMIT 1`);
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

async function report(range: string): Promise<string[]> {
  const res = await get(`${BASE}/reports/closed-unsigned?${range}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { reference_code: string }[] }).data.map((r) => r.reference_code).sort();
}

it('the report counts the Lusaka day a loan closed: 23:30 on 31 May is 31 May, 00:30 on 1 June is June', async () => {
  expect(await report('fromDate=2026-05-31&toDate=2026-05-31')).toEqual(['LA-2026-810001']);
  expect(await report('fromDate=2026-06-01&toDate=2026-06-01')).toEqual(['LA-2026-810002']);
  expect(await report('toDate=2026-05-31')).toEqual(['LA-2026-810001']);
  expect(await report('fromDate=2026-06-01')).toEqual(['LA-2026-810002']);
  expect(await report('fromDate=2026-05-31&toDate=2026-06-01')).toEqual(['LA-2026-810001', 'LA-2026-810002']);
  const csv = await get(`${BASE}/reports/closed-unsigned?format=csv&fromDate=2026-06-01&toDate=2026-06-01`);
  expect(csv.body.trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[0])).toEqual(['"LA-2026-810002"']);
});

it('the counts by branch and the paged list take the same Lusaka days', async () => {
  const stats = (await get(`${BASE}/reports/closed-unsigned-stats-by-branch?fromDate=2026-06-01&toDate=2026-06-01`)).json() as ClosedUnsignedBranchStat[];
  expect(stats).toEqual([expect.objectContaining({ branch, count: 1, total_amount: '1000.00' })]);
  const may = (await get(`${BASE}/unsigned-closed?fromDate=2026-05-01&toDate=2026-05-31`)).json() as ListEnvelope<LoanApplication>;
  expect(may.items.map((r) => r.reference_code)).toEqual(['LA-2026-810001']);
  expect(may.total).toBe(1);
});

it('the file reads report_closed_unsigned in keyset batches: batches of one give the same rows, in (closing moment, id) order', async () => {
  // Three more closed at one moment (ties broken by id), and one whose letter gets signed (it leaves the report).
  for (const ref of ['LA-2026-810003', 'LA-2026-810004', 'LA-2026-810005', 'LA-2026-810006']) await closed(ref, '2026-05-31T22:30:00Z');
  await t.db.execute(sql`
    INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                               authorized_rep_name, authorized_rep_date, expires_at, signed_at)
    SELECT id, 'keyset-' || id, 'signed', amount, total_amount_due, 1, 'Terms', 'Rep', '2026-05-01', now() + interval '7 days', now()
      FROM loan_applications WHERE reference_code = 'LA-2026-810005'`);
  const f = { kind: 'application' as const, fromDate: '2026-05-31', toDate: '2026-06-01' };
  const whole = await closedUnsignedBatch(t.db, f, undefined, 100);
  expect(whole.map((r) => r.referenceCode)).toEqual(['LA-2026-810001', 'LA-2026-810002', 'LA-2026-810003', 'LA-2026-810004', 'LA-2026-810006']);
  const oneByOne: string[] = [];
  let after: { closedAt: string; id: number } | undefined;
  for (;;) {
    const [row] = await closedUnsignedBatch(t.db, f, after, 1);
    if (!row) break;
    oneByOne.push(row.referenceCode);
    after = { closedAt: row.closedAtText, id: row.id };
  }
  expect(oneByOne).toEqual(whole.map((r) => r.referenceCode));
  expect(whole[1]).toMatchObject({ amount: '1000.00', totalAmountDue: '1300.00', branchName: branch, offerStatus: null });
  expect(whole[1].closedAt.toISOString()).toBe('2026-05-31T22:30:00.000Z');
});
