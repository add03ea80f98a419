import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { P, REPORTS_PATHS, funnelReportSchema, offerLettersReportSchema } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, createTestUser, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { reportsServer } from '../../index';
import { summariesBeside } from './summaries.testing';

// A small book, checked by hand (the figures in the tests are worked out in the comments).
// 1 A  req 03-02 08:00, approved +12h, letter 03-03 00:00 signed +6h (10h after approval), paid out 4h later
// 2 A  req 03-10 00:00, approved +24h, letter 03-11 00:00 signed +24h (24h after approval), failed, then paid 8h later
// 3 B  req 03-15 00:00, approved +6h,  letter 03-15 06:00 pending (expires in 2100)
// 4 B  req 04-01 00:00, rejected
// 5 A  req 04-05 00:00, approved +2h,  letter 04-05 02:00 expired (replaced), letter 04-06 pending but past expiry
// 6 B  req 04-20 00:00, request
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: AuthHeaders;

const at = (s: string) => `2026-${s}:00Z`;

async function addApp(n: number, branch: number, created: string, status: string, approved?: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, total_amount_due, status, created_at, approved_at)
        VALUES (${`LA-2026-90000${n}`}, ${branch}, ${`Borrower ${n}`}, ${`90000${n}/10/1`}, '+260971000000', 1000.00, 1300.00, ${status},
                ${at(created)}::timestamptz, ${approved ? at(approved) : null}::timestamptz)
        RETURNING id`,
  );
  return Number(row.id);
}

async function addLetter(app: number, created: string, status: string, expires: string, signed?: string) {
  await t.db.execute(
    sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                   authorized_rep_name, authorized_rep_date, expires_at, created_at, signed_at)
        VALUES (${app}, ${`hash-${app}-${created}`}, ${status}, 1000.00, 1300.00, 3, 'Terms', 'Rep', '2026-01-01',
                ${expires}::timestamptz, ${at(created)}::timestamptz, ${signed ? at(signed) : null}::timestamptz)`,
  );
}

async function addPayout(app: number, branch: number, created: string, status: string) {
  await t.db.execute(
    sql`INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status, created_at)
        VALUES (${app}, ${branch}, 1000.00, 'instant_single', '+260971000000', ${status}, ${at(created)}::timestamptz)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ modules: [reportsServer] });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  const a1 = await addApp(1, branchA, '03-02T08:00', 'approved', '03-02T20:00');
  await addLetter(a1, '03-03T00:00', 'signed', '2100-01-01T00:00:00Z', '03-03T06:00');
  await addPayout(a1, branchA, '03-03T10:00', 'success');
  const a2 = await addApp(2, branchA, '03-10T00:00', 'approved', '03-11T00:00');
  await addLetter(a2, '03-11T00:00', 'signed', '2100-01-01T00:00:00Z', '03-12T00:00');
  await addPayout(a2, branchA, '03-12T01:00', 'failed');
  await addPayout(a2, branchA, '03-12T08:00', 'success');
  const a3 = await addApp(3, branchB, '03-15T00:00', 'approved', '03-15T06:00');
  await addLetter(a3, '03-15T06:00', 'pending', '2100-01-01T00:00:00Z');
  await addApp(4, branchB, '04-01T00:00', 'rejected');
  const a5 = await addApp(5, branchA, '04-05T00:00', 'approved', '04-05T02:00');
  await addLetter(a5, '04-05T02:00', 'expired', '2026-04-12T02:00:00Z');
  await addLetter(a5, '04-06T00:00', 'pending', '2026-04-13T00:00:00Z');
  await addApp(6, branchB, '04-20T00:00', 'request');
  admin = await loginWithPermissions(t.app, [P.viewReportsModule, P.viewAllBranches]);
});
afterAll(() => t?.close());

const get = (url: string, headers: AuthHeaders | null = admin) => t.app.inject({ method: 'GET', url, headers: headers ?? undefined });

describe('reports: permission and filters', () => {
  it.each([REPORTS_PATHS.offerLetters, REPORTS_PATHS.funnel])('%s answers 401 without a session, 403 without the reports permission', async (path) => {
    expect((await get(path, null)).statusCode).toBe(401);
    expect((await get(path, await loginWithPermissions(t.app, [P.viewAllBranches, P.viewDashboard]))).statusCode).toBe(403);
  });

  it('refuses dates in the wrong order, bad dates and unknown formats with 422 naming the field', async () => {
    const order = await get(`${REPORTS_PATHS.funnel}?fromDate=2026-05-01&toDate=2026-04-01`);
    expect(order.statusCode).toBe(422);
    expect(Object.keys(order.json().errors)).toEqual(['toDate']);
    expect(Object.keys((await get(`${REPORTS_PATHS.funnel}?fromDate=2026-13-01`)).json().errors)).toEqual(['fromDate']);
    expect(Object.keys((await get(`${REPORTS_PATHS.offerLetters}?format=pdf`)).json().errors)).toEqual(['format']);
  });
});

describe(`GET ${REPORTS_PATHS.offerLetters}`, () => {
  it('counts letters per month by state (pending past expiry is expired) with the median hours to sign', async () => {
    const res = await get(REPORTS_PATHS.offerLetters);
    expect(res.statusCode).toBe(200);
    expect(offerLettersReportSchema.parse(res.json())).toEqual({
      months: [
        // 6h and 24h from letter to signature: median 15.
        { month: '2026-03', pending: 1, signed: 2, expired: 0, total: 3, median_hours_to_sign: 15 },
        { month: '2026-04', pending: 0, signed: 0, expired: 2, total: 2, median_hours_to_sign: null },
      ],
      totals: { pending: 1, signed: 2, expired: 2, total: 5, median_hours_to_sign: 15 },
    });
  });

  it('filters by branch and dates, and keeps a user to their own branch', async () => {
    const b = offerLettersReportSchema.parse((await get(`${REPORTS_PATHS.offerLetters}?branch=${branchB}`)).json());
    expect(b.months).toEqual([{ month: '2026-03', pending: 1, signed: 0, expired: 0, total: 1, median_hours_to_sign: null }]);
    const april = offerLettersReportSchema.parse((await get(`${REPORTS_PATHS.offerLetters}?fromDate=2026-04-01&toDate=2026-04-30`)).json());
    expect(april.totals).toEqual({ pending: 0, signed: 0, expired: 2, total: 2, median_hours_to_sign: null });
    const { headers, userId } = await createTestUser(t.app, [P.viewReportsModule]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`);
    const own = offerLettersReportSchema.parse((await get(REPORTS_PATHS.offerLetters, headers)).json());
    expect(own.totals.total).toBe(1);
    const other = offerLettersReportSchema.parse((await get(`${REPORTS_PATHS.offerLetters}?branch=${branchA}`, headers)).json());
    expect(other).toEqual({ months: [], totals: { pending: 0, signed: 0, expired: 0, total: 0, median_hours_to_sign: null } });
  });

  it('downloads the same figures as CSV and .xlsx, totals last', async () => {
    const csv = await get(`${REPORTS_PATHS.offerLetters}?format=csv`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="offer_letters_report.csv"');
    expect(csv.body.trimEnd().split('\r\n')).toEqual([
      '"Month","Pending","Signed","Expired","Total","Median hours to sign"',
      '"2026-03","1","2","0","3","15"',
      '"2026-04","0","0","2","2",""',
      '"All","1","2","2","5","15"',
    ]);
    const xlsx = await get(`${REPORTS_PATHS.offerLetters}?format=xlsx`);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="offer_letters_report.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Offer letters');
    expect(ws?.getRow(4).values).toEqual([undefined, 'All', 1, 2, 2, 5, 15]);
  });
});

describe(`GET ${REPORTS_PATHS.funnel}`, () => {
  it('follows the requests to approval, signature and payout with rates and median hours', async () => {
    const res = await get(REPORTS_PATHS.funnel);
    expect(res.statusCode).toBe(200);
    expect(funnelReportSchema.parse(res.json()).steps).toEqual([
      { step: 'requested', count: 6, rate_from_previous: null, rate_from_requested: 1, median_hours_from_previous: null },
      // approvals after 12, 24, 6 and 2 hours: median 9
      { step: 'approved', count: 4, rate_from_previous: 0.6667, rate_from_requested: 0.6667, median_hours_from_previous: 9 },
      // signed 10 and 24 hours after approval: median 17
      { step: 'signed', count: 2, rate_from_previous: 0.5, rate_from_requested: 0.3333, median_hours_from_previous: 17 },
      // first successful payout 4 and 8 hours after signing (the failed attempt does not count): median 6
      { step: 'disbursed', count: 2, rate_from_previous: 1, rate_from_requested: 0.3333, median_hours_from_previous: 6 },
    ]);
  });

  it('filters by branch and request dates', async () => {
    const a = funnelReportSchema.parse((await get(`${REPORTS_PATHS.funnel}?branch=${branchA}`)).json()).steps;
    expect(a.map((s) => s.count)).toEqual([3, 3, 2, 2]);
    expect(a[1].median_hours_from_previous).toBe(12);
    const april = funnelReportSchema.parse((await get(`${REPORTS_PATHS.funnel}?fromDate=2026-04-01&toDate=2026-04-30`)).json()).steps;
    expect(april.map((s) => s.count)).toEqual([3, 1, 0, 0]);
    expect(april[2]).toEqual({ step: 'signed', count: 0, rate_from_previous: 0, rate_from_requested: 0, median_hours_from_previous: null });
    expect(april[3].rate_from_previous).toBeNull();
    const none = funnelReportSchema.parse((await get(`${REPORTS_PATHS.funnel}?branch=Atlantis`)).json()).steps;
    expect(none.map((s) => s.count)).toEqual([0, 0, 0, 0]);
  });

  it('downloads the steps as CSV', async () => {
    const csv = await get(`${REPORTS_PATHS.funnel}?format=csv&branch=${branchA}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.trimEnd().split('\r\n')[1]).toBe('"requested","3","","1",""');
  });
});

/**
 * report_funnel (migration 1101) and report_offer_letters (1103) against the base tables,
 * worked out independently (summaries.testing.ts): equal after every kind of write.
 */
describe('report_funnel and report_offer_letters stay equal to the base tables', () => {
  const agree = async () => {
    const { kept, recomputed } = await summariesBeside(t.db, ['report_funnel', 'report_offer_letters']);
    expect(recomputed['report_funnel'].length).toBeGreaterThan(0);
    expect(recomputed['report_offer_letters'].length).toBeGreaterThan(0);
    expect(kept).toEqual(recomputed);
  };

  it('agrees on the hand-checked book, then after requests, approvals, signatures, payouts, moves and deletions', async () => {
    await agree();
    const a7 = await addApp(7, branchB, '05-01T00:00', 'request');
    await agree();
    await t.db.execute(sql`UPDATE loan_applications SET status = 'approved', approved_at = ${at('05-01T05:00')}::timestamptz WHERE id = ${a7}`);
    await addLetter(a7, '05-01T06:00', 'pending', '2100-01-01T00:00:00Z');
    await agree();
    await t.db.execute(sql`UPDATE offer_letters SET status = 'signed', signed_at = ${at('05-01T09:00')}::timestamptz WHERE application_id = ${a7}`);
    await addPayout(a7, branchB, '05-01T10:00', 'success');
    await agree();
    await t.db.execute(sql`UPDATE disbursements SET status = 'failed' WHERE application_id = ${a7}`);
    await t.db.execute(sql`UPDATE loan_applications SET branch_id = ${branchA} WHERE id = ${a7}`);
    await agree();
    await t.db.execute(sql`DELETE FROM offer_letters WHERE application_id = ${a7}`);
    await agree();
    await t.db.execute(sql`DELETE FROM loan_applications WHERE id = ${a7}`);
    await agree();
    // The funnel reads the hand-checked book as before.
    const res = funnelReportSchema.parse((await get(REPORTS_PATHS.funnel)).json()).steps;
    expect(res.map((s) => s.count)).toEqual([6, 4, 2, 2]);
    expect(res.map((s) => s.median_hours_from_previous)).toEqual([null, 9, 17, 6]);
    const letterTotals = offerLettersReportSchema.parse((await get(REPORTS_PATHS.offerLetters)).json()).totals;
    expect(letterTotals).toEqual({ pending: 1, signed: 2, expired: 2, total: 5, median_hours_to_sign: 15 });
  });
});
