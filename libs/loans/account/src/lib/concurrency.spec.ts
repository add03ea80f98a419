import { sql } from 'drizzle-orm';
import { queryRows, setBusinessDate, type Db } from '@loan/shared-server';
import { createTestDatabase, type TestDatabase } from '@loan/shared-server/testing';
import { DEFAULT_ALLOCATION_ORDER, legacyFlatSchedule, replay, zmwToNgwee, type LedgerEvent, type TxKind } from '@loan/loans-rules';
import { applyRepayments, editRepayment, lockAccounts, openAccount, repay, reverseRepayment, type AccountActor } from './account';
import { waiveCharges, writeOff } from './commands';
import { loadLoans, planLoan } from './ledger';

/**
 * Commands of one loan racing (each in its own transaction, on PostgreSQL on separate
 * connections: DB_DRIVER=pg): a repayment, a backdated one, the reversal of an earlier one,
 * an edit, and a bulk upload's path (set-based insert + applyRepayments). Afterwards the
 * ledger must be what a serial run gives: the kept balances equal the sums of the live
 * transactions and the rules' replay of the live ledger, and a rebuild changes nothing.
 */
describe('loan account: commands of one loan racing', () => {
  let t: TestDatabase;
  let db: Db;
  let seq = 0;
  const actor: AccountActor = { userId: null, who: { userId: null, ip: null, userAgent: null } };

  beforeAll(async () => {
    t = await createTestDatabase('none');
    db = t.database.db;
    await setBusinessDate(db, '2026-06-30');
  });
  afterAll(() => t.close());

  async function paidOut(): Promise<{ id: number; code: string }> {
    seq += 1;
    const code = `LA-2026-9${String(seq).padStart(5, '0')}`;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
          VALUES (${code}, 'Test Borrower', '123456/78/9', '+260971234567', '5000.00', 6, '6500.00', 'approved') RETURNING id::int AS id`,
    );
    const [d] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
          VALUES (${row.id}, '5000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z') RETURNING id::int AS id`,
    );
    await db.transaction((tx) => openAccount(tx, actor, row.id, d.id));
    return { id: row.id, code };
  }
  const pay = (l: { id: number; code: string }, amount: string, paidAt: string) =>
    db.transaction((tx) =>
      repay(tx, actor, { applicationId: l.id, clientId: null, referenceCode: l.code, amount, paidAt, method: 'cash', reference: `C-${++seq}`, note: null }),
    );
  const bulk = (l: { id: number }, amount: string, paidAt: string) =>
    db.transaction(async (tx) => {
      await lockAccounts(tx, [l.id]);
      await tx.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, method, reference) VALUES (${l.id}, ${amount}, ${paidAt}, 'cash', ${`B-${++seq}`})`);
      await applyRepayments(tx, actor, [l.id]);
    });

  async function check(id: number): Promise<void> {
    const [acc] = await queryRows<{ p: string; i: string; paid: string; tp: string; ti: string; tpaid: string; live: string }>(
      db,
      sql`SELECT a.principal_outstanding::text AS p, a.interest_outstanding::text AS i, a.paid_total::text AS paid,
                 t.p::text AS tp, t.i::text AS ti, t.paid::text AS tpaid,
                 (SELECT coalesce(sum(amount), 0) FROM repayments WHERE application_id = a.application_id AND reversed_at IS NULL)::text AS live
            FROM loan_accounts a,
                 LATERAL (SELECT sum(principal) p, sum(interest) i,
                                 sum(CASE kind WHEN 'repayment' THEN amount WHEN 'repayment_reversal' THEN -amount ELSE 0 END) paid
                            FROM loan_transactions WHERE application_id = a.application_id AND superseded_by IS NULL) t
           WHERE a.application_id = ${id}`,
    );
    expect([acc.p, acc.i, acc.paid]).toEqual([acc.tp, acc.ti, acc.tpaid]);
    expect(acc.paid).toBe(acc.live);
    const [r] = await queryRows<{ n: number }>(db, sql`SELECT loan_ledger_rebuild(ARRAY[${id}]::bigint[]) AS n`);
    expect(Number(r.n)).toBe(0);
    // The serial replay of the live ledger by the rules gives the same balances.
    const txs = await queryRows<{ seq: number; kind: TxKind; value_date: string; amount: string; reverses_seq: number | null }>(
      db,
      sql`SELECT t.seq, t.kind, t.value_date::text AS value_date, t.amount::text AS amount, r.seq AS reverses_seq
            FROM loan_transactions t LEFT JOIN loan_transactions r ON r.id = t.reverses_id
           WHERE t.application_id = ${id} AND t.superseded_by IS NULL ORDER BY t.value_date, t.seq`,
    );
    const events: LedgerEvent[] = txs.map((x) => ({
      seq: x.seq,
      kind: x.kind,
      valueDate: x.value_date,
      amount: zmwToNgwee(x.amount),
      ...(x.reverses_seq === null ? {} : { reverses: x.reverses_seq }),
    }));
    const schedule = legacyFlatSchedule(500_000n, 650_000n, 6, '2026-01-15');
    const res = replay(schedule.instalments, events, DEFAULT_ALLOCATION_ORDER, '2026-06-30');
    expect([res.outstanding.principal, res.outstanding.interest, res.paidTotal]).toEqual([zmwToNgwee(acc.p), zmwToNgwee(acc.i), zmwToNgwee(acc.paid)]);
  }

  it('a repayment, a backdated one, a reversal, an edit and a bulk upload of one loan racing leave a ledger equal to a serial replay', async () => {
    for (let round = 0; round < 4; round++) {
      const l = await paidOut();
      const early = await pay(l, '1000.00', '2026-03-01');
      const other = await pay(l, '400.00', '2026-03-05');
      const results = await Promise.allSettled([
        pay(l, '500.00', '2026-04-01'),
        pay(l, '700.00', '2026-02-01'), // backdated before both
        db.transaction((tx) => reverseRepayment(tx, actor, early.repaymentId, 'keyed twice', l.code)),
        db.transaction((tx) =>
          editRepayment(tx, actor, other.repaymentId, { amount: '450.00', paidAt: '2026-02-20', method: 'cash', reference: `E-${++seq}`, note: null }, l.code),
        ),
        bulk(l, '300.00', '2026-03-10'),
        bulk(l, '200.00', '2026-01-20'),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      await check(l.id);
      const [n] = await queryRows<{ live: number; reversals: number }>(
        db,
        sql`SELECT count(*) FILTER (WHERE kind = 'repayment')::int AS live, count(*) FILTER (WHERE kind = 'repayment_reversal')::int AS reversals
              FROM loan_transactions WHERE application_id = ${l.id} AND superseded_by IS NULL`,
      );
      expect(n).toEqual({ live: 6, reversals: 1 }); // six repayments (the reversed one stays, cancelled by its reversal)
    }
  }, 300_000);

  it('two repayments racing past the balance: one is refused (422), the other recorded; the balance never goes below zero', async () => {
    const l = await paidOut();
    const results = await Promise.allSettled([pay(l, '4000.00', '2026-02-01'), pay(l, '4000.00', '2026-02-02'), bulk(l, '100.00', '2026-02-03')]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual([422]);
    await check(l.id);
  });

  it('a repayment, a reversal, a waiver and a write-off of one loan racing: the ledger is the serial replay of what was recorded', async () => {
    for (let round = 0; round < 4; round++) {
      const l = await paidOut();
      const early = await pay(l, '1000.00', '2026-03-01');
      const results = await Promise.allSettled([
        pay(l, '500.00', '2026-04-01'),
        db.transaction((tx) => reverseRepayment(tx, actor, early.repaymentId, 'keyed twice', l.code)),
        db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'interest', amount: '100.00', reason: 'goodwill' })),
        db.transaction((tx) => writeOff(tx, actor, l.id, 'absconded')),
        bulk(l, '200.00', '2026-02-01'),
      ]);
      // After the write-off a repayment is refused (422) and a waiver too (409); nothing else may fail.
      for (const r of results) if (r.status === 'rejected') expect([409, 422]).toContain((r as PromiseRejectedResult).reason.statusCode);
      const loaded = (await loadLoans(db, [l.id])).get(l.id);
      expect(loaded && planLoan(loaded, '2026-06-30').writes).toEqual([]);
      const [off] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM loan_accounts a
              JOIN (SELECT application_id, sum(principal) p, sum(interest) i, sum(fees) f, sum(penalty) n FROM loan_transactions
                     WHERE superseded_by IS NULL GROUP BY 1) t USING (application_id)
             WHERE a.application_id = ${l.id}
               AND (a.principal_outstanding, a.interest_outstanding, a.fees_outstanding, a.penalty_outstanding) IS DISTINCT FROM (t.p, t.i, t.f, t.n)`,
      );
      expect(Number(off.n)).toBe(0);
      const [st] = await queryRows<{ state: string; total: string }>(
        db,
        sql`SELECT state, (principal_outstanding + interest_outstanding + fees_outstanding + penalty_outstanding)::text AS total FROM loan_accounts WHERE application_id = ${l.id}`,
      );
      expect(st.state).toBe('written_off');
      expect(Number(st.total)).toBe(0);
    }
  });
});
