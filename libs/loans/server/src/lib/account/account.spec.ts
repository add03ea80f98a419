import { sql } from 'drizzle-orm';
import { LOAN_ACCOUNT_COMMAND_PATHS, LOAN_ACCOUNT_PATHS, P, type LoanAccountDetails, type LoanReschedulePreview, type LoanSettlementQuote } from '@loan/shared-contract';
import { queryRows, setBusinessDate } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { openAccount, repay, reverseRepayment, type AccountActor } from '@loan/loans-account';
import { loansServer } from '../../index';

let t: TestApp;
let viewer: AuthHeaders;
let outsider: AuthHeaders;
const actor: AccountActor = { userId: null, who: { userId: null, ip: null, userAgent: null } };
beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  await setBusinessDate(t.db, '2026-04-20');
  viewer = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
  outsider = await loginWithPermissions(t.app, [P.viewLoanApplications]);
});
afterAll(() => t?.close());

const url = (id: number) => LOAN_ACCOUNT_PATHS.details.replace(':id', String(id));

describe('GET /api/loan-accounts/:id (the loan details page: schedule, ledger, balance by part)', () => {
  it('answers the schedule per instalment, the transactions newest first (superseded shown) and the balance by part', async () => {
    const [loan] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES ('LA-2026-990001', 'Test Borrower', '123456/78/9', '+260971234567', '5000.00', 6, '6500.00', 'approved') RETURNING id::int AS id`,
    );
    const [d] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
          VALUES (${loan.id}, '5000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z') RETURNING id::int AS id`,
    );
    await t.db.transaction((tx) => openAccount(tx, actor, loan.id, d.id));
    const input = { applicationId: loan.id, clientId: null, referenceCode: 'LA-2026-990001', method: 'cash', note: null };
    const later = await t.db.transaction((tx) => repay(tx, actor, { ...input, amount: '1000.00', paidAt: '2026-03-01', reference: 'D-1' }));
    await t.db.transaction((tx) => repay(tx, actor, { ...input, amount: '300.00', paidAt: '2026-02-01', reference: 'D-2' })); // backdated
    await t.db.transaction((tx) => reverseRepayment(tx, actor, later.repaymentId, 'keyed twice', 'LA-2026-990001'));

    const res = await t.app.inject({ method: 'GET', url: url(loan.id), headers: viewer });
    expect(res.statusCode).toBe(200);
    const body = res.json<LoanAccountDetails>();
    expect(body.outstanding).toEqual({ principal: '4950.00', interest: '1250.00', fees: '0.00', penalty: '0.00', total: '6200.00' });
    expect(body.paid_total).toBe('300.00');
    expect(body.schedule).toHaveLength(6);
    expect(body.schedule[0]).toMatchObject({ no: 1, due_date: '2026-02-15', principal: '833.34', interest: '250.00', paid: '300.00', outstanding: '783.34', status: 'overdue' });
    expect(body.schedule[1]).toMatchObject({ no: 2, paid: '0.00', outstanding: '1083.34', status: 'overdue' });
    expect(body.next_due).toEqual({ no: 1, date: '2026-02-15', amount: '783.34' });
    // Newest first by value date: the reversal (today), the 1000 of March (live and its superseded first allocation), the 300 of February, the payout.
    expect(body.transactions.map((x) => [x.kind, x.amount, x.superseded])).toEqual([
      ['repayment_reversal', '1000.00', false],
      ['repayment', '1000.00', false],
      ['repayment', '1000.00', true],
      ['repayment', '300.00', false],
      ['disbursement', '5000.00', false],
    ]);
    // The reversal gives back what the 1000 paid after the backdated 300: instalment 1's principal left, then instalment 2's interest.
    expect(body.transactions[0].parts).toEqual({ principal: '783.34', interest: '216.66', fees: '0.00', penalty: '0.00' });
  });

  it('answers 404 for a loan without an account, 403 without can view application', async () => {
    const [loan] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES ('LA-2026-990002', 'Test Borrower', '123456/78/9', '+260971234567', '5000.00', 6, '6500.00', 'approved') RETURNING id::int AS id`,
    );
    expect((await t.app.inject({ method: 'GET', url: url(loan.id), headers: viewer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(loan.id), headers: outsider })).statusCode).toBe(403);
  });
});

describe('the loan account money commands over HTTP (permissions, 422 with nothing written, answers)', () => {
  const cmd = (path: string, id: number) => path.replace(':id', String(id));
  let officer: AuthHeaders;
  let loanId = 0;
  beforeAll(async () => {
    officer = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches, P.waiveLoanCharges, P.writeOffLoans, P.rescheduleLoans, P.addRepayments]);
    const [loan] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES ('LA-2026-990003', 'Test Borrower', '123456/78/9', '+260971234567', '5000.00', 6, '6500.00', 'approved') RETURNING id::int AS id`,
    );
    const [d] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
          VALUES (${loan.id}, '5000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z') RETURNING id::int AS id`,
    );
    await t.db.transaction((tx) => openAccount(tx, actor, loan.id, d.id));
    loanId = loan.id;
  });
  const rows = async () => Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_transactions WHERE application_id = ${loanId}`))[0].n);

  it('checks the permission of each command (403) and the body (422 naming the field, nothing written)', async () => {
    const before = await rows();
    const post = (path: string, payload: unknown, headers = officer) => t.app.inject({ method: 'POST', url: cmd(path, loanId), headers, payload: payload as object });
    expect((await post(LOAN_ACCOUNT_COMMAND_PATHS.waive, { part: 'interest', amount: '1.00', reason: 'goodwill' }, viewer)).statusCode).toBe(403);
    expect((await post(LOAN_ACCOUNT_COMMAND_PATHS.writeOff, { reason: 'gone away' }, viewer)).statusCode).toBe(403);
    expect((await post(LOAN_ACCOUNT_COMMAND_PATHS.reschedule, { tenure: 3, reason: 'lost job' }, viewer)).statusCode).toBe(403);
    expect((await post(LOAN_ACCOUNT_COMMAND_PATHS.settle, { amount: '1.00', reference: 'X' }, viewer)).statusCode).toBe(403);
    const big = await post(LOAN_ACCOUNT_COMMAND_PATHS.waive, { part: 'interest', amount: '99999.00', reason: 'goodwill' });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toHaveProperty('amount');
    const noReason = await post(LOAN_ACCOUNT_COMMAND_PATHS.writeOff, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toHaveProperty('reason');
    const neither = await post(LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview, { reason: 'lost job' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toHaveProperty('tenure');
    expect((await post(LOAN_ACCOUNT_COMMAND_PATHS.waive, { part: 'principal', amount: '1.00', reason: 'goodwill' })).statusCode).toBe(422);
    expect(await rows()).toBe(before);
  });

  it('waives, previews a reschedule, quotes and settles; then a write-off is refused (409) on the closed loan', async () => {
    const waived = await t.app.inject({ method: 'POST', url: cmd(LOAN_ACCOUNT_COMMAND_PATHS.waive, loanId), headers: officer, payload: { part: 'interest', amount: '100.00', reason: 'goodwill' } });
    expect(waived.statusCode).toBe(200);
    expect(waived.json<LoanAccountDetails>().outstanding.interest).toBe('1400.00');
    const preview = await t.app.inject({ method: 'POST', url: cmd(LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview, loanId), headers: officer, payload: { tenure: 4, reason: 'lost job' } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<LoanReschedulePreview>().instalments).toHaveLength(4);
    const quote = await t.app.inject({ method: 'GET', url: cmd(LOAN_ACCOUNT_COMMAND_PATHS.settlementQuote, loanId), headers: viewer });
    expect(quote.statusCode).toBe(200);
    const q = quote.json<LoanSettlementQuote>();
    expect(q.valid_to).toBe('2026-04-20');
    const settled = await t.app.inject({ method: 'POST', url: cmd(LOAN_ACCOUNT_COMMAND_PATHS.settle, loanId), headers: officer, payload: { amount: q.total, reference: 'SETTLE-1' } });
    expect(settled.statusCode).toBe(200);
    expect(settled.json<LoanAccountDetails>()).toMatchObject({ state: 'closed', outstanding: { total: '0.00' } });
    const off = await t.app.inject({ method: 'POST', url: cmd(LOAN_ACCOUNT_COMMAND_PATHS.writeOff, loanId), headers: officer, payload: { reason: 'gone away' } });
    expect(off.statusCode).toBe(409);
  });
});
