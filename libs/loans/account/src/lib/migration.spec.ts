import { sql } from 'drizzle-orm';
import {
  loadMigrations,
  migrate,
  openDatabase,
  queryRows,
  setBusinessDate,
  type Database,
  type Db,
} from '@loan/shared-server';
import { createEmptyPgDatabase, testDriver } from '@loan/shared-server/testing';
import { DEFAULT_ALLOCATION_ORDER, legacyFlatSchedule, replay, zmwToNgwee, type LedgerEvent, type TxKind } from '@loan/loans-rules';

/**
 * Migration 1710: every existing loan becomes a "Legacy flat" account, and nothing a user
 * sees moves. Loans of every shape are built on the OLD schema (migrated up to 1699), every
 * row of loan_balances and loan_schedule is recorded on several business dates, then 1710
 * runs and the same rows are read again: equal, column for column.
 */
describe('migration 1710: existing loans become Legacy flat accounts', () => {
  let database: Database;
  let db: Db;
  let drop: () => Promise<void> = async () => undefined;
  const before = new Map<string, string[]>();
  const DATES = ['2025-12-31', '2026-01-31', '2026-02-28', '2026-04-15', '2026-07-01', '2027-06-30'];

  let seq = 0;
  async function loan(o: { amount: string; total: string; tenure: number; status?: string; disbursedAt?: string[]; failedAt?: string }): Promise<number> {
    seq += 1;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES (${`LA-2026-${String(seq).padStart(6, '0')}`}, 'Test Borrower', '123456/78/9', '+260971234567',
                  ${o.amount}, ${o.tenure}, ${o.total}, ${o.status ?? 'approved'}) RETURNING id::int AS id`,
    );
    if (o.failedAt)
      await db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                           VALUES (${row.id}, ${o.amount}, 'instant_single', '+260971234567', 'failed', ${o.failedAt}::timestamptz)`);
    for (const at of o.disbursedAt ?? [])
      await db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                           VALUES (${row.id}, ${o.amount}, 'instant_single', '+260971234567', 'success', ${at}::timestamptz)`);
    return row.id;
  }
  async function pay(id: number, amount: string, paidAt: string, reversed = false): Promise<void> {
    seq += 1;
    await db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference, reversed_at, reversal_reason)
                         VALUES (${id}, ${amount}, ${paidAt}, ${`REF-${seq}`},
                                 ${reversed ? sql`${paidAt}::timestamptz + interval '3 days'` : sql`NULL`}, ${reversed ? 'keyed twice' : null})`);
  }

  async function snapshot(): Promise<string[]> {
    const rows: string[] = [];
    for (const d of DATES) {
      await setBusinessDate(db, d);
      for (const r of await queryRows<{ j: string }>(db, sql`SELECT row_to_json(b)::text AS j FROM loan_balances b ORDER BY application_id`))
        rows.push(`${d} balance ${r.j}`);
      for (const r of await queryRows<{ j: string }>(db, sql`SELECT row_to_json(s)::text AS j FROM loan_schedule s ORDER BY application_id, instalment_no`))
        rows.push(`${d} schedule ${r.j}`);
    }
    await setBusinessDate(db, null);
    return rows;
  }

  beforeAll(async () => {
    if (testDriver() === 'pg') {
      const empty = await createEmptyPgDatabase();
      database = await openDatabase({ databaseUrl: empty.url, poolSize: 3 });
      drop = empty.drop;
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
    }
    db = database.db;
    await migrate(database, loadMigrations().filter((m) => m.name < '1700'));

    // Shapes by hand.
    await loan({ amount: '1000.00', total: '1200.00', tenure: 6 }); // approved, never paid out
    await loan({ amount: '1000.00', total: '1200.00', tenure: 6, failedAt: '2026-01-05T10:00:00Z' }); // only a failed payout
    await loan({ amount: '1000.00', total: '1200.00', tenure: 3, status: 'request', disbursedAt: ['2026-01-05T10:00:00Z'] });
    await loan({ amount: '1000.00', total: '1200.00', tenure: 3, status: 'rejected' });
    const fresh = await loan({ amount: '5000.00', total: '6500.00', tenure: 6, disbursedAt: ['2026-01-30T23:30:00Z'] }); // Lusaka 31 Jan
    await pay(fresh, '100.00', '2026-02-01');
    const paidOff = await loan({ amount: '5000.00', total: '6500.00', tenure: 6, status: 'closed', disbursedAt: ['2026-01-10T08:00:00Z'] });
    await pay(paidOff, '3000.00', '2026-02-10');
    await pay(paidOff, '3500.00', '2026-03-10');
    const over = await loan({ amount: '500.00', total: '600.00', tenure: 2, disbursedAt: ['2025-12-01T08:00:00Z'] });
    await pay(over, '650.00', '2026-01-01'); // more than owed (old data): balance -50
    const reversals = await loan({ amount: '2000.00', total: '2480.00', tenure: 4, disbursedAt: ['2026-01-02T08:00:00Z'], failedAt: '2026-01-01T08:00:00Z' });
    await pay(reversals, '620.00', '2026-02-01', true);
    await pay(reversals, '620.00', '2026-02-01');
    await pay(reversals, '700.00', '2026-03-01', true);
    await pay(reversals, '300.00', '2026-03-01');
    await pay(reversals, '2000.00', '2026-03-02', true); // reversed, and more than was left
    const tiny = await loan({ amount: '0.01', total: '0.05', tenure: 4, disbursedAt: ['2026-01-15T08:00:00Z'] }); // instalments 0.02 0.02 0.01 0.00
    await pay(tiny, '0.03', '2026-02-20');
    await loan({ amount: '100000.00', total: '100000.00', tenure: 60, disbursedAt: ['2025-11-30T08:00:00Z'] }); // no interest, 5 years
    const under = await loan({ amount: '5000.00', total: '3000.00', tenure: 3, disbursedAt: ['2026-01-15T08:00:00Z'] }); // total below the amount (old data)
    await pay(under, '1200.00', '2026-02-15');
    const one = await loan({ amount: '999.99', total: '1099.99', tenure: 1, disbursedAt: ['2026-01-31T08:00:00Z'] });
    await pay(one, '1099.98', '2026-03-01');
    const staffClosed = await loan({ amount: '3000.00', total: '3600.00', tenure: 12, status: 'closed', disbursedAt: ['2025-10-15T08:00:00Z'] });
    await pay(staffClosed, '300.00', '2025-11-15');
    const notOut = await loan({ amount: '1000.00', total: '1200.00', tenure: 6 });
    await pay(notOut, '50.00', '2026-01-01'); // a payment on a loan never paid out (old data)

    // And many at random (a fixed seed), with same-day payments, reversals and month ends.
    let s = 26;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    for (let k = 0; k < 120; k++) {
      const tenure = 1 + rnd(24);
      const amountN = 50_00 + rnd(5_000_00);
      const totalN = amountN + rnd(amountN);
      const disbursed = new Date(Date.UTC(2025, 8 + rnd(10), 1 + rnd(31), rnd(24), rnd(60)));
      const id = await loan({
        amount: (amountN / 100).toFixed(2),
        total: (totalN / 100).toFixed(2),
        tenure,
        status: rnd(10) === 0 ? 'closed' : 'approved',
        disbursedAt: [disbursed.toISOString()],
      });
      let left = totalN;
      const count = rnd(7);
      for (let p = 0; p < count && left > 0; p++) {
        const amt = Math.min(left, 1 + rnd(Math.ceil((totalN / tenure) * 1.6)));
        const reversed = rnd(5) === 0;
        if (!reversed) left -= amt;
        const paid = new Date(disbursed.getTime() + (1 + rnd(400)) * 86_400_000);
        await pay(id, (amt / 100).toFixed(2), iso(paid), reversed);
      }
    }
    before.set('rows', await snapshot());
    await migrate(database);
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('moves no balance, arrears, days past due, next due or instalment of any loan, on any day', async () => {
    const after = await snapshot();
    const was = before.get('rows') ?? [];
    expect(was.length).toBeGreaterThan(1000);
    const missing = was.filter((r) => !after.includes(r));
    const extra = after.filter((r) => !was.includes(r));
    expect({ missing: missing.slice(0, 5), extra: extra.slice(0, 5) }).toEqual({ missing: [], extra: [] });
  });

  it('made an account for every loan paid out, with one disbursement and one transaction per repayment and reversal', async () => {
    const [c] = await queryRows<{ loans: number; accounts: number; disb: number; reps: number; txreps: number; revs: number; txrevs: number }>(
      db,
      sql`SELECT (SELECT count(DISTINCT application_id) FROM disbursements WHERE status = 'success')::int AS loans,
                 (SELECT count(*) FROM loan_accounts)::int AS accounts,
                 (SELECT count(*) FROM loan_transactions WHERE kind = 'disbursement')::int AS disb,
                 (SELECT count(*) FROM repayments r JOIN loan_accounts a USING (application_id))::int AS reps,
                 (SELECT count(*) FROM loan_transactions WHERE kind = 'repayment')::int AS txreps,
                 (SELECT count(*) FROM repayments r JOIN loan_accounts a USING (application_id) WHERE r.reversed_at IS NOT NULL)::int AS revs,
                 (SELECT count(*) FROM loan_transactions WHERE kind = 'repayment_reversal' AND reverses_id IS NOT NULL)::int AS txrevs`,
    );
    expect(c.accounts).toBe(c.loans);
    expect(c.disb).toBe(c.loans);
    expect(c.txreps).toBe(c.reps);
    expect(c.txrevs).toBe(c.revs);
    expect(c.revs).toBeGreaterThan(5);
  });

  it('splits every instalment into principal and interest: principal sums to the amount, interest to total - amount (never below 0)', async () => {
    const bad = await queryRows(
      db,
      sql`SELECT a.application_id, sum(i.principal) AS p, sum(i.interest) AS i, la.amount, la.total_amount_due
            FROM loan_accounts a JOIN loan_instalments i USING (application_id) JOIN loan_applications la ON la.id = a.application_id
           GROUP BY a.application_id, la.amount, la.total_amount_due
          HAVING sum(i.principal) <> least(la.amount, la.total_amount_due) OR sum(i.interest) <> greatest(la.total_amount_due - la.amount, 0)
              OR min(i.interest) < 0 OR min(i.principal) < 0`,
    );
    expect(bad).toEqual([]);
  });

  it('allocates every repayment within its amount, and keeps balances equal to the sums of the live transactions', async () => {
    const parts = await queryRows(
      db,
      sql`SELECT id, kind FROM loan_transactions
           WHERE kind IN ('repayment', 'repayment_reversal')
             AND abs(principal) + abs(interest) + abs(fees) + abs(penalty) <> amount`,
    );
    expect(parts).toEqual([]);
    const kept = await queryRows(
      db,
      sql`SELECT a.application_id FROM loan_accounts a
            JOIN (SELECT application_id, sum(principal) p, sum(interest) i, sum(fees) f, sum(penalty) n
                    FROM loan_transactions WHERE superseded_by IS NULL GROUP BY 1) t USING (application_id)
           WHERE (a.principal_outstanding, a.interest_outstanding, a.fees_outstanding, a.penalty_outstanding) IS DISTINCT FROM (t.p, t.i, t.f, t.n)`,
    );
    expect(kept).toEqual([]);
  });

  it('allocates oldest instalment first, interest before principal', async () => {
    const [first] = await queryRows<{ allocation: unknown }>(
      db,
      sql`SELECT t.allocation FROM loan_transactions t JOIN loan_applications la ON la.id = t.application_id
           WHERE la.reference_code = 'LA-2026-000005' AND t.kind = 'repayment'`,
    );
    // 6500 over 6: instalment 1083.34 of which interest 250.00 (1500 / 6); 100 pays interest only.
    expect(first.allocation).toEqual([{ no: 1, principal: 0, interest: -100, fees: 0, penalty: 0 }]);
  });

  it('stores the rules\' Legacy flat schedule, on the Legacy flat product; the rules\' replay of each ledger gives the kept balances', async () => {
    const [legacy] = await queryRows<{ n: number; all: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE p.code = 'LEGACY-FLAT')::int AS n, count(*)::int AS "all"
            FROM loan_accounts a LEFT JOIN loan_product_versions v ON v.id = a.product_version_id LEFT JOIN loan_products p ON p.id = v.product_id`,
    );
    expect(legacy.n).toBe(legacy.all);
    const accounts = await queryRows<{ id: number; amount: string; total: string; n: number; disbursed_on: string; p: string; i: string; paid: string }>(
      db,
      sql`SELECT a.application_id::int AS id, la.amount::text AS amount, la.total_amount_due::text AS total, la.tenure_months AS n,
                 a.disbursed_on::text AS disbursed_on, a.principal_outstanding::text AS p, a.interest_outstanding::text AS i, a.paid_total::text AS paid
            FROM loan_accounts a JOIN loan_applications la ON la.id = a.application_id ORDER BY 1`,
    );
    let replayed = 0;
    const refusedByRules: number[] = [];
    for (const a of accounts) {
      const schedule = legacyFlatSchedule(zmwToNgwee(a.amount), zmwToNgwee(a.total), a.n, a.disbursed_on);
      const stored = await queryRows<{ no: number; due: string; p: string; i: string; f: string }>(
        db,
        sql`SELECT no, due_date::text AS due, principal::text AS p, interest::text AS i, fees::text AS f FROM loan_instalments WHERE application_id = ${a.id} ORDER BY no`,
      );
      expect(stored.map((x) => [x.no, x.due, zmwToNgwee(x.p), zmwToNgwee(x.i), zmwToNgwee(x.f)])).toEqual(
        schedule.instalments.map((x) => [x.no, x.dueDate, x.principal, x.interest, x.fees]),
      );
      const txs = await queryRows<{ seq: number; kind: TxKind; value_date: string; amount: string; reverses_seq: number | null }>(
        db,
        sql`SELECT t.seq, t.kind, t.value_date::text AS value_date, t.amount::text AS amount, r.seq AS reverses_seq
              FROM loan_transactions t LEFT JOIN loan_transactions r ON r.id = t.reverses_id
             WHERE t.application_id = ${a.id} AND t.superseded_by IS NULL ORDER BY t.value_date, t.seq`,
      );
      const events: LedgerEvent[] = txs.map((x) => ({
        seq: x.seq,
        kind: x.kind,
        valueDate: x.value_date,
        amount: zmwToNgwee(x.amount),
        ...(x.reverses_seq === null ? {} : { reverses: x.reverses_seq }),
      }));
      try {
        const r = replay(schedule.instalments, events, DEFAULT_ALLOCATION_ORDER, '2027-12-31');
        expect([a.id, r.outstanding.principal, r.outstanding.interest, r.paidTotal]).toEqual([a.id, zmwToNgwee(a.p), zmwToNgwee(a.i), zmwToNgwee(a.paid)]);
        replayed += 1;
      } catch (err) {
        // Old data the rules refuse today (an over-payment, a reversed payment past the balance): kept as it was.
        if ((err as { code?: string }).code !== 'exceeds_balance') throw err;
        refusedByRules.push(a.id);
      }
    }
    expect(replayed).toBeGreaterThan(accounts.length * 0.8);
    expect(refusedByRules.length).toBeLessThan(accounts.length * 0.2);
  });

  it('is idempotent: rebuilding the ledgers again changes nothing', async () => {
    const [r] = await queryRows<{ n: number }>(db, sql`SELECT loan_ledger_rebuild(NULL) AS n`);
    expect(Number(r.n)).toBe(0);
  });

  it('keeps the ledger append-only', async () => {
    const refused = (q: ReturnType<typeof sql>) =>
      db.execute(q).then(
        () => 'written',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(await refused(sql`DELETE FROM loan_transactions WHERE kind = 'repayment'`)).toMatch(/append-only/);
    expect(await refused(sql`UPDATE loan_transactions SET amount = amount + 1 WHERE kind = 'repayment'`)).toMatch(/append-only/);
    expect(await refused(sql`UPDATE loan_transactions SET superseded_by = id, amount = amount + 1 WHERE kind = 'repayment'`)).toMatch(/append-only/);
    const [t] = await queryRows<{ id: number }>(db, sql`SELECT id::int AS id FROM loan_transactions WHERE kind = 'repayment' LIMIT 1`);
    expect(await refused(sql`UPDATE loan_transactions SET superseded_by = ${t.id} WHERE id = ${t.id}`)).toBe('written');
    expect(await refused(sql`UPDATE loan_transactions SET superseded_by = NULL WHERE id = ${t.id}`)).toMatch(/append-only/);
  });
});
