import { sql } from 'drizzle-orm';
import { queryRows, setBusinessDate, type Db } from '@loan/shared-server';
import { createTestDatabase, type TestDatabase } from '@loan/shared-server/testing';
import { generateSchedule, type ProductTerms } from '@loan/loans-rules';
import { editRepayment, openAccount, repay, reverseRepayment, type AccountActor } from './account';
import { recordRecovery, rescheduleLoan, reschedulePreview, settleLoan, settlementQuoteOf, waiveCharges, writeOff } from './commands';
import { loadLoans, planLoan } from './ledger';
import { onLoanEvent, type LoanEvent } from './events';

/** The loan account's commands on a real database (PGlite, or PostgreSQL with DB_DRIVER=pg). */
describe('loan account commands', () => {
  let t: TestDatabase;
  let db: Db;
  let seq = 0;
  const actor: AccountActor = { userId: null, who: { userId: null, ip: null, userAgent: null } };
  const events: LoanEvent[] = [];
  let off: () => void = () => undefined;

  beforeAll(async () => {
    t = await createTestDatabase('none');
    db = t.database.db;
    await setBusinessDate(db, '2026-06-30');
    off = onLoanEvent(async (_tx, e) => {
      events.push(e);
    });
  });
  afterAll(async () => {
    off();
    await t.close();
  });

  /** A loan of 5000 repaying 6500 over 6 months, paid out (account opened) on 2026-01-15. */
  async function paidOut(): Promise<{ id: number; code: string }> {
    seq += 1;
    const code = `LA-2026-8${String(seq).padStart(5, '0')}`;
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
      repay(tx, actor, { applicationId: l.id, clientId: null, referenceCode: l.code, amount, paidAt, method: 'cash', reference: `R-${++seq}`, note: null }),
    );
  const ledger = (id: number) =>
    queryRows<{ id: number; kind: string; amount: string; principal: string; interest: string; superseded: boolean; allocation: unknown }>(
      db,
      sql`SELECT id::int AS id, kind, amount::text AS amount, principal::text AS principal, interest::text AS interest,
                 superseded_by IS NOT NULL AS superseded, allocation
            FROM loan_transactions WHERE application_id = ${id} ORDER BY seq`,
    );
  const status = async (id: number) =>
    (
      await queryRows<{ app: string; acc: string }>(
        db,
        sql`SELECT la.status AS app, a.state AS acc FROM loan_applications la JOIN loan_accounts a ON a.application_id = la.id WHERE la.id = ${id}`,
      )
    )[0];
  /** The invariants after every command: kept balances = sums of the live transactions; a rebuild changes nothing. */
  async function consistent(id: number): Promise<void> {
    const off = await queryRows(
      db,
      sql`SELECT a.application_id FROM loan_accounts a
            JOIN (SELECT application_id, sum(principal) p, sum(interest) i, sum(fees) f, sum(penalty) n,
                         sum(CASE kind WHEN 'repayment' THEN amount WHEN 'repayment_reversal' THEN -amount WHEN 'settlement' THEN amount ELSE 0 END) paid
                    FROM loan_transactions WHERE superseded_by IS NULL GROUP BY 1) t USING (application_id)
           WHERE a.application_id = ${id}
             AND (a.principal_outstanding, a.interest_outstanding, a.fees_outstanding, a.penalty_outstanding, a.paid_total)
                 IS DISTINCT FROM (t.p, t.i, t.f, t.n, t.paid)`,
    );
    expect(off).toEqual([]);
    // The rules' replay of the stored ledger changes nothing (stored ledger == replay).
    const loaded = (await loadLoans(db, [id])).get(id);
    expect(loaded && planLoan(loaded, '2026-06-30').writes).toEqual([]);
    const mixed = await queryRows(db, sql`SELECT 1 FROM loan_transactions WHERE application_id = ${id} AND kind NOT IN ('disbursement', 'repayment', 'repayment_reversal')`);
    if (!mixed.length) {
      // A plain ledger: the set-based SQL rebuild (the bulk path) agrees with the replay.
      const [r] = await queryRows<{ n: number }>(db, sql`SELECT loan_ledger_rebuild(ARRAY[${id}]::bigint[]) AS n`);
      expect(Number(r.n)).toBe(0);
    }
    const [parts] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM loan_transactions
           WHERE application_id = ${id} AND kind IN ('repayment', 'repayment_reversal')
             AND abs(principal) + abs(interest) + abs(fees) + abs(penalty) <> amount`,
    );
    expect(parts.n).toBe(0);
  }

  it('opens the account once, at the first successful disbursement: stored schedule and one disbursement transaction', async () => {
    const l = await paidOut();
    const [again] = await queryRows<{ n: number }>(db, sql`SELECT loan_accounts_open_legacy(ARRAY[${l.id}]::bigint[]) AS n`);
    expect(Number(again.n)).toBe(0);
    const inst = await queryRows<{ due: string; p: string; i: string }>(
      db,
      sql`SELECT due_date::text AS due, principal::text AS p, interest::text AS i FROM loan_instalments WHERE application_id = ${l.id} ORDER BY no`,
    );
    expect(inst).toEqual([
      { due: '2026-02-15', p: '833.34', i: '250.00' },
      { due: '2026-03-15', p: '833.34', i: '250.00' },
      { due: '2026-04-15', p: '833.34', i: '250.00' },
      { due: '2026-05-15', p: '833.34', i: '250.00' },
      { due: '2026-06-15', p: '833.34', i: '250.00' },
      { due: '2026-07-15', p: '833.30', i: '250.00' },
    ]);
    expect((await ledger(l.id)).map((x) => [x.kind, x.amount, x.principal, x.interest])).toEqual([['disbursement', '5000.00', '5000.00', '1500.00']]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'AccountOpened', applicationId: l.id }));
  });

  it('records a repayment with its ledger row (interest before principal, oldest instalment first) and answers the new balance', async () => {
    const l = await paidOut();
    const res = await pay(l, '1300.00', '2026-02-10');
    expect(res.balance).toMatchObject({ balance: '5200.00', paid: '1300.00', next_due_no: 2, next_due_amount: '866.68' });
    const rows = await ledger(l.id);
    expect(rows[1]).toMatchObject({ kind: 'repayment', amount: '1300.00', principal: '-833.34', interest: '-466.66', superseded: false });
    // Instalment 1 whole (interest, then principal), then instalment 2's interest first.
    expect(rows[1].allocation).toEqual([
      { no: 1, principal: -833.34, interest: -250, fees: 0, penalty: 0 },
      { no: 2, principal: 0, interest: -216.66, fees: 0, penalty: 0 },
    ]);
    await consistent(l.id);
  });

  it('refuses more than the balance, a date before the payout or in the future (422 naming the field), writing nothing', async () => {
    const l = await paidOut();
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT (SELECT count(*) FROM repayments WHERE application_id = ${l.id}) + (SELECT count(*) FROM loan_transactions WHERE application_id = ${l.id}) AS n`))[0].n;
    const before = Number(await count());
    await expect(pay(l, '6500.01', '2026-02-10')).rejects.toMatchObject({ statusCode: 422, errors: { amount: ['More than the balance of ZMW 6,500.00.'] } });
    await expect(pay(l, '10.00', '2026-01-14')).rejects.toMatchObject({ statusCode: 422, errors: { paid_at: [expect.stringContaining('2026-01-15')] } });
    await expect(pay(l, '10.00', '2026-07-01')).rejects.toMatchObject({ statusCode: 422, errors: { paid_at: ['The date cannot be in the future.'] } });
    expect(Number(await count())).toBe(before);
  });

  it('re-runs later allocations for a backdated repayment: the replaced rows are kept, superseded', async () => {
    const l = await paidOut();
    await pay(l, '1000.00', '2026-03-10');
    await pay(l, '500.00', '2026-02-10'); // before the first one
    const rows = await ledger(l.id);
    const live = rows.filter((r) => !r.superseded && r.kind === 'repayment');
    // In value-date order: 500 (Feb) pays interest 250 + principal 250 of instalment 1; then 1000 (Mar).
    expect(live.map((r) => [r.amount, r.interest, r.principal])).toEqual([
      ['500.00', '-250.00', '-250.00'],
      ['1000.00', '-250.00', '-750.00'],
    ]);
    expect(rows.filter((r) => r.superseded).map((r) => [r.kind, r.amount, r.interest])).toEqual([['repayment', '1000.00', '-250.00']]);
    await consistent(l.id);
  });

  it('closes a loan paid in full (approved -> closed), and reopens it when that repayment is reversed; edits supersede', async () => {
    const l = await paidOut();
    const first = await pay(l, '6000.00', '2026-02-10');
    const last = await pay(l, '500.00', '2026-03-10');
    expect(last.balance).toMatchObject({ balance: '0.00', state: 'paid', status: 'closed' });
    expect(await status(l.id)).toEqual({ app: 'closed', acc: 'closed' });
    await expect(pay(l, '1.00', '2026-03-11')).rejects.toMatchObject({ statusCode: 422, errors: { reference_code: ['This loan is closed: nothing is owed.'] } });

    const rev = await db.transaction((tx) => reverseRepayment(tx, actor, last.repaymentId, 'keyed twice', l.code));
    expect(rev.balance).toMatchObject({ balance: '500.00', status: 'approved' });
    expect(await status(l.id)).toEqual({ app: 'approved', acc: 'active' });
    const rows = await ledger(l.id);
    expect(rows.at(-1)).toMatchObject({ kind: 'repayment_reversal', amount: '500.00' });
    await expect(db.transaction((tx) => reverseRepayment(tx, actor, last.repaymentId, 'again', l.code))).rejects.toMatchObject({ statusCode: 409 });
    await consistent(l.id);

    const edited = await db.transaction((tx) =>
      editRepayment(tx, actor, first.repaymentId, { amount: '6500.00', paidAt: '2026-02-10', method: 'cash', reference: `E-${++seq}`, note: null }, l.code),
    );
    expect(edited.balance).toMatchObject({ balance: '0.00', status: 'closed' });
    expect((await ledger(l.id)).filter((r) => r.superseded && r.kind === 'repayment').map((r) => r.amount)).toContain('6000.00');
    await consistent(l.id);
    const actions = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'loan_application' AND entity_id = ${String(l.id)} ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['close', 'reopen', 'close']);
  });

  it('stores the schedule of the application\'s product version (declining, capitalised fee) by the rules, and allocates fees before interest before principal', async () => {
    const terms: ProductTerms = {
      interestMethod: 'declining',
      monthlyRatePercent: '4.00',
      fees: [{ name: 'Insurance', kind: 'insurance', calc: 'percent', value: '3.00', when: 'capitalised' }],
      penalty: null,
      allocationOrder: ['penalty', 'fees', 'interest', 'principal'],
      settlementRebatePercent: '0.00',
    };
    const [v] = await queryRows<{ id: number }>(
      db,
      sql`WITH p AS (INSERT INTO loan_products (code, name) VALUES ('DECL-TEST', 'Declining test') RETURNING id)
          INSERT INTO loan_product_versions (product_id, version, interest_method, monthly_rate_percent, min_amount, max_amount, min_tenure, max_tenure, fees)
          SELECT id, 1, 'declining', 4, 500, 500000, 1, 60, ${JSON.stringify(terms.fees)}::jsonb FROM p RETURNING id::int AS id`,
    );
    seq += 1;
    const code = `LA-2026-8${String(seq).padStart(5, '0')}`;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, product_version_id)
          VALUES (${code}, 'Test Borrower', '123456/78/9', '+260971234567', '10000.00', 4, '0', 'approved', ${v.id}) RETURNING id::int AS id`,
    );
    const [d] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
          VALUES (${row.id}, '10000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z') RETURNING id::int AS id`,
    );
    await db.transaction((tx) => openAccount(tx, actor, row.id, d.id));
    const expected = generateSchedule(terms, 1_000_000n, 4, '2026-01-15');
    const stored = await queryRows<{ no: number; due: string; p: string; i: string; f: string }>(
      db,
      sql`SELECT no, due_date::text AS due, principal::text AS p, interest::text AS i, fees::text AS f FROM loan_instalments WHERE application_id = ${row.id} ORDER BY no`,
    );
    const ngwee = (x: string) => BigInt(x.replace('.', ''));
    expect(stored.map((x) => [x.no, x.due, ngwee(x.p), ngwee(x.i), ngwee(x.f)])).toEqual(expected.instalments.map((x) => [x.no, x.dueDate, x.principal, x.interest, x.fees]));
    const l = { id: row.id, code };
    const first = expected.instalments[0];
    const res = await pay(l, '100.00', '2026-02-10');
    const rows = await ledger(l.id);
    // 100 pays instalment 1's fees (75.00 = 3 % of 10,000 over 4) first, then its interest.
    expect(first.fees).toBe(7500n);
    expect(rows.at(-1)).toMatchObject({ kind: 'repayment', principal: '0.00', interest: '-25.00' });
    expect(res.balance?.paid).toBe('100.00');
    await consistent(l.id);
  });

  describe('money commands (waiver, write-off, recovery, settlement, reschedule)', () => {
    const count = async (id: number) =>
      Number((await queryRows<{ n: number }>(db, sql`SELECT (SELECT count(*) FROM loan_transactions WHERE application_id = ${id}) + (SELECT count(*) FROM loan_instalments WHERE application_id = ${id}) AS n`))[0].n);
    const charge = (id: number, no: number, month: number, amount: string, valueDate: string) =>
      db.execute(sql`INSERT INTO loan_transactions (application_id, seq, kind, value_date, amount, penalty, allocation, instalment_no, charge_month)
                     SELECT ${id}, max(seq) + 1, 'penalty_charge', ${valueDate}::date, ${amount}, ${amount},
                            jsonb_build_array(jsonb_build_object('no', ${no}::int, 'principal', 0, 'interest', 0, 'fees', 0, 'penalty', ${amount}::numeric)),
                            ${no}, ${month}
                       FROM loan_transactions WHERE application_id = ${id}`);

    it('waives interest oldest first; refuses more than owed of the part, or no reason (422 naming the field), writing nothing', async () => {
      const l = await paidOut();
      const before = await count(l.id);
      await expect(db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'penalty', amount: '1.00', reason: 'goodwill' }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { amount: [expect.stringContaining('More than the penalties owed')] },
      });
      await expect(db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'interest', amount: '1500.01', reason: 'goodwill' }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { amount: [expect.any(String)] },
      });
      await expect(db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'interest', amount: '10.00', reason: '  ' }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { reason: [expect.any(String)] },
      });
      expect(await count(l.id)).toBe(before);
      const d = await db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'interest', amount: '300.00', reason: 'goodwill' }));
      expect(d.outstanding).toMatchObject({ interest: '1200.00', principal: '5000.00' });
      const w = (await ledger(l.id)).at(-1);
      expect(w).toMatchObject({ kind: 'waiver', amount: '300.00', interest: '-300.00' });
      expect(w?.allocation).toEqual([
        { no: 1, principal: 0, interest: -250, fees: 0, penalty: 0 },
        { no: 2, principal: 0, interest: -50, fees: 0, penalty: 0 },
      ]);
      expect(events).toContainEqual({ type: 'ChargesWaived', applicationId: l.id, part: 'interest', amount: '300.00' });
      await consistent(l.id);
      // A backdated repayment re-allocates around the waiver (the waiver's row stays the same).
      await pay(l, '300.00', '2026-02-01');
      await consistent(l.id);
    });

    it('penalties: a repayment pays the penalty first, a waiver forgives it; a backdated reversal re-runs both', async () => {
      const l = await paidOut();
      await charge(l.id, 1, 1, '50.00', '2026-02-19');
      const first = await pay(l, '100.00', '2026-02-25');
      expect((await ledger(l.id)).at(-1)).toMatchObject({ kind: 'repayment', interest: '-50.00' });
      await consistent(l.id);
      await charge(l.id, 1, 2, '40.00', '2026-03-19');
      const d = await db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'penalty', amount: '40.00', reason: 'first late month' }));
      expect(d.outstanding.penalty).toBe('0.00');
      await db.transaction((tx) => reverseRepayment(tx, actor, first.repaymentId, 'bounced', l.code));
      const after = await db.transaction((tx) => settlementQuoteOf(tx, l.id));
      expect(after.penalty).toBe('50.00');
      await consistent(l.id);
    });

    it('writes a loan off (state written_off, application closed): 422 without reason, 409 twice; a recovery only on it', async () => {
      const l = await paidOut();
      await pay(l, '1000.00', '2026-02-10');
      await expect(db.transaction((tx) => recordRecovery(tx, actor, l.id, { amount: '10.00', paidAt: '2026-06-30', reference: `RC-${++seq}` }))).rejects.toMatchObject({ statusCode: 409 });
      await expect(db.transaction((tx) => writeOff(tx, actor, l.id, ' '))).rejects.toMatchObject({ statusCode: 422, errors: { reason: [expect.any(String)] } });
      const d = await db.transaction((tx) => writeOff(tx, actor, l.id, 'absconded'));
      expect(d.state).toBe('written_off');
      expect(d.outstanding.total).toBe('0.00');
      expect(await status(l.id)).toEqual({ app: 'closed', acc: 'written_off' });
      expect((await ledger(l.id)).at(-1)).toMatchObject({ kind: 'write_off', amount: '5500.00', principal: '-4250.00', interest: '-1250.00' });
      await expect(db.transaction((tx) => writeOff(tx, actor, l.id, 'again'))).rejects.toMatchObject({ statusCode: 409 });
      await expect(db.transaction((tx) => waiveCharges(tx, actor, l.id, { part: 'interest', amount: '1.00', reason: 'x y z' }))).rejects.toMatchObject({ statusCode: 409 });
      await expect(pay(l, '1.00', '2026-06-30')).rejects.toMatchObject({ statusCode: 422 });
      await expect(db.transaction((tx) => recordRecovery(tx, actor, l.id, { amount: '10.00', paidAt: '2026-07-01', reference: `RC-${++seq}` }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { paid_at: [expect.any(String)] },
      });
      const r = await db.transaction((tx) => recordRecovery(tx, actor, l.id, { amount: '200.00', paidAt: '2026-06-30', reference: `RC-${++seq}` }));
      expect(r.transactions[0]).toMatchObject({ kind: 'recovery', amount: '200.00', parts: { principal: '0.00', interest: '0.00', fees: '0.00', penalty: '0.00' } });
      expect(r.outstanding.total).toBe('0.00');
      await consistent(l.id);
    });

    it('quotes the early settlement (valid to the end of the business day); paying it closes the loan with zero in every part', async () => {
      const l = await paidOut();
      await pay(l, '1083.34', '2026-02-15');
      const q = await db.transaction((tx) => settlementQuoteOf(tx, l.id));
      expect(q).toMatchObject({ as_of: '2026-06-30', valid_to: '2026-06-30', principal: '4166.66' });
      expect(q.valid_until).toMatch(/^2026-06-30T2\d:59:59Z$/);
      await expect(db.transaction((tx) => settleLoan(tx, actor, l.id, { amount: '1.00', reference: `S-${++seq}` }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { amount: [expect.stringContaining('pay exactly the quote')] },
      });
      const d = await db.transaction((tx) => settleLoan(tx, actor, l.id, { amount: q.total, reference: `S-${++seq}` }));
      expect(d.outstanding).toEqual({ principal: '0.00', interest: '0.00', fees: '0.00', penalty: '0.00', total: '0.00' });
      expect(d.state).toBe('closed');
      expect(await status(l.id)).toEqual({ app: 'closed', acc: 'closed' });
      await expect(db.transaction((tx) => settlementQuoteOf(tx, l.id))).rejects.toMatchObject({ statusCode: 409 });
      await consistent(l.id);
    });

    it('reschedules what is outstanding (a new schedule version, the old kept); the preview saves nothing; 422 on a closed loan', async () => {
      const l = await paidOut();
      await pay(l, '1083.34', '2026-02-15');
      const before = await count(l.id);
      const p = await db.transaction((tx) => reschedulePreview(tx, actor, l.id, { tenure: 10, monthlyRatePercent: '2.00', reason: 'lost job' }));
      expect(await count(l.id)).toBe(before);
      expect(p.instalments).toHaveLength(10);
      expect(p.instalments[0].due_date).toBe('2026-07-30');
      const principal = p.instalments.reduce((a, i) => a + BigInt(i.principal.replace('.', '')), 0n);
      expect(principal).toBe(416666n);
      await expect(db.transaction((tx) => rescheduleLoan(tx, actor, l.id, { tenure: 0, reason: 'lost job' }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { tenure: [expect.any(String)] },
      });
      const d = await db.transaction((tx) => rescheduleLoan(tx, actor, l.id, { tenure: 10, monthlyRatePercent: '2.00', reason: 'lost job' }));
      expect(d.schedule_version).toBe(2);
      expect(d.outstanding.principal).toBe('4166.66');
      expect(d.next_due).toMatchObject({ no: 1, date: '2026-07-30' });
      const versions = await queryRows<{ v: number; n: number }>(db, sql`SELECT schedule_version AS v, count(*)::int AS n FROM loan_instalments WHERE application_id = ${l.id} GROUP BY 1 ORDER BY 1`);
      expect(versions.map((x) => [Number(x.v), Number(x.n)])).toEqual([[1, 6], [2, 10]]);
      await consistent(l.id);
      await pay(l, '500.00', '2026-06-30');
      await consistent(l.id);
      const q = await db.transaction((tx) => settlementQuoteOf(tx, l.id));
      await db.transaction((tx) => settleLoan(tx, actor, l.id, { amount: q.total, reference: `S-${++seq}` }));
      await expect(db.transaction((tx) => rescheduleLoan(tx, actor, l.id, { tenure: 3, reason: 'again' }))).rejects.toMatchObject({
        statusCode: 422,
        errors: { state: [expect.any(String)] },
      });
      await consistent(l.id);
    });
  });
});
