import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/harness';
import { queryRows } from './sql';
import { loanBalances, loanSchedule } from './schema';

/** loan_balances / loan_schedule (migration 0840): the one source of balances, exact, in SQL. */
describe('loan balances and schedules', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  async function loan(opts: { total: string; tenure: number; disbursedAt?: string; status?: string }): Promise<number> {
    seq += 1;
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES (${`LA-2026-9${String(seq).padStart(5, '0')}`}, 'Test Borrower', '123456/78/9', '+260971234567',
                  ${opts.total}, ${opts.tenure}, ${opts.total}, ${opts.status ?? 'approved'}) RETURNING id::int AS id`,
    );
    if (opts.disbursedAt) {
      await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                             VALUES (${row.id}, ${opts.total}, 'instant_single', '+260971234567', 'failed', ${opts.disbursedAt}::timestamptz - interval '1 day'),
                                    (${row.id}, ${opts.total}, 'instant_single', '+260971234567', 'success', ${opts.disbursedAt}::timestamptz)`);
    }
    return row.id;
  }
  async function pay(applicationId: number, amount: string, reversed = false): Promise<void> {
    seq += 1;
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference, reversed_at, reversal_reason)
                           VALUES (${applicationId}, ${amount}, '2026-03-01', ${`REF-${seq}`},
                                   ${reversed ? sql`now()` : sql`NULL`}, ${reversed ? 'keyed twice' : null})`);
  }
  const balance = async (id: number) => (await t.db.select().from(loanBalances).where(eq(loanBalances.applicationId, id)))[0];
  const schedule = (id: number) =>
    t.db.select().from(loanSchedule).where(eq(loanSchedule.applicationId, id)).orderBy(loanSchedule.instalmentNo);
  const today = async () => (await queryRows<{ d: string }>(t.db, sql`SELECT business_today()::text AS d`))[0].d;
  const daysSince = async (d: string) =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT (business_today() - ${d}::date)::int AS n`))[0].n;

  it('splits the total into equal instalments rounded up to the ngwee, the last one taking the rest, due monthly from the Lusaka disbursement date', async () => {
    // 23:30 UTC on 30 January is 01:30 on 31 January in Lusaka; month ends are clamped.
    const id = await loan({ total: '6500.00', tenure: 6, disbursedAt: '2026-01-30T23:30:00Z' });
    const rows = await schedule(id);
    expect(rows.map((r) => [r.dueDate, r.amount])).toEqual([
      ['2026-02-28', '1083.34'],
      ['2026-03-31', '1083.34'],
      ['2026-04-30', '1083.34'],
      ['2026-05-31', '1083.34'],
      ['2026-06-30', '1083.34'],
      ['2026-07-31', '1083.30'],
    ]);
    const b = await balance(id);
    expect(b).toMatchObject({ disbursedOn: '2026-01-31', maturityDate: '2026-07-31', instalmentAmount: '1083.34', totalDue: '6500.00' });
  });

  it('settles instalments oldest first and counts days past due from the oldest one not fully paid', async () => {
    const id = await loan({ total: '6500.00', tenure: 6, disbursedAt: '2026-01-30T23:30:00Z' });
    await pay(id, '1000.00');
    await pay(id, '500.00');
    await pay(id, '999.99', true); // reversed: not counted anywhere
    const rows = await schedule(id);
    expect(rows.map((r) => [r.paid, r.outstanding, r.status])).toEqual([
      ['1083.34', '0.00', 'paid'],
      ['416.66', '666.68', 'overdue'],
      ['0.00', '1083.34', 'overdue'],
      ['0.00', '1083.34', 'overdue'],
      ['0.00', '1083.34', 'overdue'],
      ['0.00', '1083.30', 'overdue'],
    ]);
    expect(await balance(id)).toMatchObject({
      paid: '1500.00',
      balance: '5000.00',
      repaymentsCount: 2,
      nextDueNo: 2,
      nextDueDate: '2026-03-31',
      nextDueAmount: '666.68',
      dueToDate: '6500.00',
      arrears: '5000.00',
      daysPastDue: await daysSince('2026-03-31'),
      state: 'overdue',
    });
  });

  it('is exact: the sum of the schedule is the total and paid + balance is the total', async () => {
    const id = await loan({ total: '100.00', tenure: 3, disbursedAt: new Date().toISOString() });
    await pay(id, '0.10');
    await pay(id, '0.20');
    const rows = await schedule(id);
    expect(rows.map((r) => r.amount)).toEqual(['33.34', '33.34', '33.32']);
    const [sums] = await queryRows<{ amount: string; paid: string }>(
      t.db,
      sql`SELECT sum(amount)::text AS amount, sum(paid)::text AS paid FROM loan_schedule WHERE application_id = ${id}`,
    );
    expect(sums).toEqual({ amount: '100.00', paid: '0.30' });
    // Disbursed today: the first instalment is a month away, nothing due, nothing late.
    const b = await balance(id);
    expect(b).toMatchObject({ balance: '99.70', nextDueNo: 1, nextDueAmount: '33.04', dueToDate: '0.00', arrears: '0.00', daysPastDue: 0, state: 'current' });
    expect(b.disbursedOn).toBe(await today());
  });

  it('has no schedule before disbursement, and nothing due once paid in full', async () => {
    const pending = await loan({ total: '1200.00', tenure: 2 });
    expect(await schedule(pending)).toEqual([]);
    expect(await balance(pending)).toMatchObject({ disbursedOn: null, balance: '1200.00', nextDueNo: null, daysPastDue: 0, state: 'not_disbursed' });

    const repaid = await loan({ total: '1200.00', tenure: 2, disbursedAt: '2026-01-10T08:00:00Z', status: 'closed' });
    await pay(repaid, '600.00');
    await pay(repaid, '600.00');
    expect(await balance(repaid)).toMatchObject({ balance: '0.00', nextDueNo: null, nextDueDate: null, arrears: '0.00', daysPastDue: 0, state: 'paid' });
    expect((await schedule(repaid)).map((r) => r.status)).toEqual(['paid', 'paid']);
  });

  it('counts due dates with month ends clamped', async () => {
    const [r] = await queryRows<Record<string, number>>(
      t.db,
      sql`SELECT loan_instalments_due_by('2026-01-31', 6, '2026-02-27') AS a, loan_instalments_due_by('2026-01-31', 6, '2026-02-28') AS b,
                 loan_instalments_due_by('2026-01-31', 6, '2026-03-30') AS c, loan_instalments_due_by('2026-01-31', 6, '2026-03-31') AS d,
                 loan_instalments_due_by('2026-01-31', 6, '2027-12-31') AS e, loan_instalments_due_by('2026-01-31', 6, '2026-01-31') AS f`,
    );
    expect(r).toEqual({ a: 0, b: 1, c: 1, d: 2, e: 6, f: 0 });
  });

  it('leaves requests and rejected applications out', async () => {
    const id = await loan({ total: '500.00', tenure: 1, status: 'request' });
    expect(await balance(id)).toBeUndefined();
  });
});
