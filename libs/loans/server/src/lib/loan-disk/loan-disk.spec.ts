import { sql } from 'drizzle-orm';
import { LOAN_DISK_PATHS, P, type LoanDisk } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

jest.setTimeout(120_000);

describe('GET /api/loan-disk/loanById', () => {
  let t: TestApp;
  let loanId: number;
  let requestId: number;
  let otherBranchId: number;
  beforeAll(async () => {
    t = await createTestApp({ modules: [loansServer] });
    const [b1, b2] = await queryRows<{ id: number }>(t.db, sql`SELECT id::int AS id FROM branches ORDER BY id LIMIT 2`);
    const insert = async (ref: string, status: string, branch: number, kind = 'application') =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`INSERT INTO loan_applications (kind, reference_code, fullname, nrc, mobile, branch_id, amount, interest, tenure_months, total_amount_due, status)
              VALUES (${kind}, ${ref}, 'Mutale Banda', '123456/78/9', '+260971234567', ${branch}, '5000.00', '1000.00', 3, '6000.00', ${status})
              RETURNING id::int AS id`,
        )
      )[0].id;
    loanId = await insert('LA-2026-100001', 'approved', b1.id);
    requestId = await insert('LA-2026-100002', 'request', b1.id);
    otherBranchId = await insert('TU-2026-100003', 'approved', b2.id, 'topup');
    await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                           VALUES (${loanId}, '5000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z')`);
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference, reversed_at, reversal_reason)
                           VALUES (${loanId}, '2500.00', '2026-02-15', 'MM-1', NULL, NULL),
                                  (${loanId}, '100.00', '2026-02-16', 'MM-2', now(), 'keyed twice')`);
    // The same loan as a user of its own branch sees it.
    await t.db.execute(sql`UPDATE users SET branch_id = ${b1.id}`);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> | undefined, id: number | string) =>
    t.app.inject({ method: 'GET', url: `${LOAN_DISK_PATHS.loanById}?id=${id}`, headers });

  it('answers the loan with its schedule, balance and repayments (reversed ones marked, not counted)', async () => {
    const headers = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
    const res = await get(headers, loanId);
    expect(res.statusCode).toBe(200);
    const body = res.json<LoanDisk>();
    expect(body.loan).toMatchObject({ reference_code: 'LA-2026-100001', total_amount_due: '6000.00', tenure_months: 3 });
    expect(body.balance).toMatchObject({ paid: '2500.00', balance: '3500.00', next_due_no: 2, next_due_date: '2026-03-15', next_due_amount: '1500.00', state: 'overdue' });
    expect(body.schedule.map((i) => [i.due_date, i.amount, i.paid, i.status])).toEqual([
      ['2026-02-15', '2000.00', '2000.00', 'paid'],
      ['2026-03-15', '2000.00', '500.00', 'overdue'],
      ['2026-04-15', '2000.00', '0.00', 'overdue'],
    ]);
    expect(body.repayments.map((r) => [r.reference, r.amount, r.reversed, r.reversal_reason])).toEqual([
      ['MM-2', '100.00', true, 'keyed twice'],
      ['MM-1', '2500.00', false, null],
    ]);
  });

  it('answers an application that is not a loan with no balance and no schedule', async () => {
    const headers = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
    const body = (await get(headers, requestId)).json<LoanDisk>();
    expect(body).toMatchObject({ balance: null, schedule: [], repayments: [] });
  });

  it('is refused without a session (401), without a permission (403), and is 404 outside the branch or the kind', async () => {
    expect((await get(undefined, loanId)).statusCode).toBe(401);
    expect((await get(await loginWithPermissions(t.app, [P.viewDashboard]), loanId)).statusCode).toBe(403);
    const ownBranch = await loginWithPermissions(t.app, [P.viewApplication, P.viewTopup]);
    // Test users have no branch unless given one: give this one the first branch.
    await t.db.execute(sql`UPDATE users SET branch_id = (SELECT min(id) FROM branches) WHERE branch_id IS NULL`);
    expect((await get(ownBranch, loanId)).statusCode).toBe(200);
    expect((await get(ownBranch, otherBranchId)).statusCode).toBe(404);
    const applicationsOnly = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
    expect((await get(applicationsOnly, otherBranchId)).statusCode).toBe(404);
    const finance = await loginWithPermissions(t.app, [P.viewRepayments, P.viewAllBranches]);
    expect((await get(finance, otherBranchId)).statusCode).toBe(200);
    expect((await get(finance, 999999)).statusCode).toBe(404);
  });

  it('answers 422 for a malformed id', async () => {
    const headers = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
    const res = await get(headers, 'abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeDefined();
  });
});
