import { sql } from 'drizzle-orm';
import { P, REPORTS_PATHS, funnelReportSchema, offerLettersReportSchema } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { reportsServer } from '../../index';

// The applications-based reports count Lusaka days (Africa/Lusaka, UTC+2), not UTC days.
// Two applications, each with an offer letter at the same moment:
//   E: 2026-05-31 21:30Z = 31 May 23:30 in Lusaka (May either way)
//   L: 2026-05-31 22:30Z =  1 June 00:30 in Lusaka (still 31 May in UTC)
let t: TestApp;
let admin: AuthHeaders;

async function appWithLetter(ref: string, at: string) {
  const [{ id }] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, total_amount_due, status, created_at)
        VALUES (${ref}, 'Borrower', '123456/10/1', '+260971000000', 1000.00, 1300.00, 'request', ${at}::timestamptz) RETURNING id`,
  );
  await t.db.execute(
    sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                   authorized_rep_name, authorized_rep_date, expires_at, created_at)
        VALUES (${id}, ${`hash-${ref}`}, 'pending', 1000.00, 1300.00, 3, 'Terms', 'Rep', '2026-01-01', '2100-01-01T00:00:00Z', ${at}::timestamptz)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ modules: [reportsServer] });
  await appWithLetter('LA-2026-800001', '2026-05-31T21:30:00Z');
  await appWithLetter('LA-2026-800002', '2026-05-31T22:30:00Z');
  admin = await loginWithPermissions(t.app, [P.viewReportsModule, P.viewAllBranches]);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
const requested = async (range: string) => funnelReportSchema.parse((await get(`${REPORTS_PATHS.funnel}?${range}`)).json()).steps[0].count;

it('the funnel takes fromDate/toDate as Lusaka days: 22:30Z on 31 May is 1 June', async () => {
  expect(await requested('fromDate=2026-05-31&toDate=2026-05-31')).toBe(1);
  expect(await requested('fromDate=2026-06-01&toDate=2026-06-01')).toBe(1);
  expect(await requested('toDate=2026-05-31')).toBe(1);
  expect(await requested('fromDate=2026-06-01')).toBe(1);
  expect(await requested('fromDate=2026-05-31&toDate=2026-06-01')).toBe(2);
});

it('offer letters fall in the Lusaka month of their creation', async () => {
  const all = offerLettersReportSchema.parse((await get(REPORTS_PATHS.offerLetters)).json());
  expect(all.months.map((m) => [m.month, m.total])).toEqual([
    ['2026-05', 1],
    ['2026-06', 1],
  ]);
  const june = offerLettersReportSchema.parse((await get(`${REPORTS_PATHS.offerLetters}?fromDate=2026-06-01&toDate=2026-06-30`)).json());
  expect(june.totals.total).toBe(1);
});
