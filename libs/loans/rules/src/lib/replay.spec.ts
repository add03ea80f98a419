import { balancesOf, replay } from './replay';
import { generateSchedule, legacyFlatSchedule, rescheduleInstalments } from './schedule';
import type { LedgerEvent, Parts } from './types';
import { DEFAULT_ALLOCATION_ORDER, RuleError } from './types';
import { terms, z } from './test-kit';

const P = (principal: string, interest: string, fees = '0', penalty = '0'): Parts => ({ principal: z(principal), interest: z(interest), fees: z(fees), penalty: z(penalty) });
const neg = (p: Parts): Parts => ({ principal: -p.principal, interest: -p.interest, fees: -p.fees, penalty: -p.penalty });
const ORDER = DEFAULT_ALLOCATION_ORDER;

// Legacy loan of 0840's example: 5000.00 lent, 6500.00 due over 6 from 2026-01-30 (1083.34 x 5, 1083.30).
const legacy = legacyFlatSchedule(z('5000.00'), z('6500.00'), 6, '2026-01-30').instalments;
const disb: LedgerEvent = { seq: 1, kind: 'disbursement', valueDate: '2026-01-30', amount: z('5000.00') };
const pay = (seq: number, valueDate: string, amount: string): LedgerEvent => ({ seq, kind: 'repayment', valueDate, amount: z(amount) });

describe('replay: allocation', () => {
  it('disbursement puts the schedule outstanding; repayments settle the oldest instalment first, penalty -> fees -> interest -> principal', () => {
    const r = replay(legacy, [disb, pay(2, '2026-02-28', '1083.34'), pay(3, '2026-03-15', '500.00')], ORDER, '2026-04-05');
    expect(r.effects.get(1)?.parts).toEqual(P('5000.00', '1500.00'));
    expect(r.effects.get(2)?.allocation).toEqual([{ no: 1, parts: P('833.34', '250.00') }]);
    expect(r.effects.get(3)?.allocation).toEqual([{ no: 2, parts: P('250.00', '250.00') }]);
    expect(r.effects.get(3)?.parts).toEqual(neg(P('250.00', '250.00')));
    expect(r.outstanding).toEqual(P('3916.66', '1000.00'));
    expect(r.paidTotal).toBe(z('1583.34'));
    expect(r.instalments.map((s) => s.status)).toEqual(['paid', 'overdue', 'due', 'due', 'due', 'due']);
    expect(r.state).toBe('active');
  });
  it('balancesOf = 0840 loan_balances: due to date 2166.68, arrears 583.34, next due no 2 on 03-30 for 583.34, 6 days past due', () => {
    const r = replay(legacy, [disb, pay(2, '2026-02-28', '1083.34'), pay(3, '2026-03-15', '500.00')], ORDER, '2026-04-05');
    expect(balancesOf(r, '2026-04-05')).toEqual({
      outstanding: P('3916.66', '1000.00'),
      total: z('4916.66'),
      dueToDate: z('2166.68'),
      arrears: z('583.34'),
      daysPastDue: 6,
      nextDue: { no: 2, date: '2026-03-30', amount: z('583.34') },
      oldestUnpaidDueDate: '2026-03-30',
      state: 'overdue',
      maturityDate: '2026-07-30',
    });
    // on the due date itself: due, not yet past due
    const b = balancesOf(r, '2026-03-30');
    expect([b.daysPastDue, b.state, b.arrears]).toEqual([0, 'current', z('583.34')]);
    // before the first due date nothing is due; a paid-ahead loan is current
    expect(balancesOf(r, '2026-02-01')).toMatchObject({ dueToDate: 0n, arrears: 0n, daysPastDue: 0, state: 'current' });
  });
  it('a product order (principal first) is used within an instalment', () => {
    const r = replay(legacy, [disb, pay(2, '2026-02-28', '900.00')], ['principal', 'interest', 'fees', 'penalty'], '2026-03-01');
    expect(r.effects.get(2)?.allocation).toEqual([{ no: 1, parts: P('833.34', '66.66') }]);
  });
  it('over-payment is refused (exceeds_balance); paying the whole balance closes the loan', () => {
    expect(() => replay(legacy, [disb, pay(2, '2026-02-28', '6500.01')], ORDER, '2026-03-01')).toThrow(expect.objectContaining({ code: 'exceeds_balance' }));
    const r = replay(legacy, [disb, pay(2, '2026-02-28', '6500.00')], ORDER, '2026-03-01');
    expect(r.state).toBe('closed');
    expect(r.closedOn).toBe('2026-02-28');
    expect(balancesOf(r, '2026-12-01')).toMatchObject({ total: 0n, arrears: 0n, daysPastDue: 0, nextDue: null, state: 'paid' });
    expect(() => replay(legacy, [disb, pay(2, '2026-02-28', '6500.00'), pay(3, '2026-03-01', '1.00')], ORDER, '2026-03-01')).toThrow(RuleError);
  });
  it('a reversal: both left out of the allocation, the reversal exactly the opposite; a backdated repayment re-allocates later ones', () => {
    const events: LedgerEvent[] = [disb, pay(2, '2026-02-28', '1083.34'), pay(3, '2026-03-15', '500.00'), { seq: 4, kind: 'repayment_reversal', valueDate: '2026-03-20', amount: z('500.00'), reverses: 3 }];
    const r = replay(legacy, events, ORDER, '2026-04-05');
    expect(r.outstanding).toEqual(P('4166.66', '1250.00'));
    expect(r.effects.get(4)?.parts).toEqual(P('250.00', '250.00'));
    expect(r.effects.get(3)?.parts).toEqual(neg(P('250.00', '250.00')));
    expect(r.paidTotal).toBe(z('1083.34'));
    const back = replay(legacy, [...events, pay(5, '2026-02-10', '100.00')], ORDER, '2026-04-05');
    expect(back.effects.get(5)?.allocation).toEqual([{ no: 1, parts: P('0', '100.00') }]);
    expect(back.effects.get(2)?.allocation).toEqual([
      { no: 1, parts: P('833.34', '150.00') },
      { no: 2, parts: P('0', '100.00') },
    ]);
    expect(() => replay(legacy, [...events, { seq: 6, kind: 'repayment_reversal', valueDate: '2026-03-21', amount: z('500.00'), reverses: 3 }], ORDER, '2026-04-05')).toThrow(/twice/);
  });
  it('a waiver takes its part off, oldest instalments first; more than owed is refused', () => {
    const r = replay(legacy, [disb, { seq: 2, kind: 'waiver', valueDate: '2026-02-01', amount: z('300.00'), part: 'interest' }], ORDER, '2026-02-01');
    expect(r.effects.get(2)?.allocation).toEqual([
      { no: 1, parts: P('0', '250.00') },
      { no: 2, parts: P('0', '50.00') },
    ]);
    expect(r.instalments[0].waived.interest).toBe(z('250.00'));
    expect(r.outstanding.interest).toBe(z('1200.00'));
    expect(() => replay(legacy, [disb, { seq: 2, kind: 'waiver', valueDate: '2026-02-01', amount: 1n, part: 'penalty' }], ORDER, '2026-02-01')).toThrow(
      expect.objectContaining({ code: 'exceeds_balance', field: 'amount' }),
    );
  });
  it('write-off takes everything outstanding; a recovery changes no part; no repayment after it', () => {
    const ev: LedgerEvent[] = [disb, pay(2, '2026-02-28', '1083.34'), { seq: 3, kind: 'write_off', valueDate: '2026-06-01', amount: 0n }, { seq: 4, kind: 'recovery', valueDate: '2026-07-01', amount: z('200.00') }];
    const r = replay(legacy, ev, ORDER, '2026-07-01');
    expect(r.state).toBe('written_off');
    expect(r.effects.get(3)).toMatchObject({ parts: neg(P('4166.66', '1250.00')), amount: z('5416.66') });
    expect(r.outstanding).toEqual(P('0', '0'));
    expect(r.effects.get(4)?.parts).toEqual(P('0', '0'));
    expect(r.recoveredTotal).toBe(z('200.00'));
    expect(balancesOf(r, '2026-07-01')).toMatchObject({ total: 0n, arrears: 0n, daysPastDue: 0 });
    expect(() => replay(legacy, [...ev, pay(5, '2026-07-02', '1.00')], ORDER, '2026-07-02')).toThrow(expect.objectContaining({ code: 'written_off' }));
    expect(() => replay(legacy, [disb, { seq: 4, kind: 'recovery', valueDate: '2026-07-01', amount: 1n }], ORDER, '2026-07-02')).toThrow(expect.objectContaining({ code: 'not_written_off' }));
  });
  it('charges: a penalty on an instalment is paid first within it', () => {
    const r = replay(legacy, [disb, { seq: 2, kind: 'penalty_charge', valueDate: '2026-03-05', amount: z('50.00'), instalmentNo: 1 }, pay(3, '2026-03-06', '1000.00')], ORDER, '2026-03-06');
    expect(r.effects.get(2)?.parts).toEqual(P('0', '0', '0', '50.00'));
    expect(r.effects.get(3)?.allocation).toEqual([{ no: 1, parts: P('700.00', '250.00', '0', '50.00') }]);
  });
  it('a settlement pays its amount and forgives the rest of the interest: closed, nothing outstanding', () => {
    const r = replay(legacy, [disb, { seq: 2, kind: 'settlement', valueDate: '2026-02-10', amount: z('5250.00') }], ORDER, '2026-02-10');
    expect(r.state).toBe('closed');
    expect(r.outstanding).toEqual(P('0', '0'));
    expect(r.effects.get(2)).toMatchObject({ parts: neg(P('5000.00', '1500.00')), forgiven: P('0', '1250.00'), amount: z('5250.00') });
    expect(() => replay(legacy, [disb, { seq: 2, kind: 'settlement', valueDate: '2026-02-10', amount: z('4999.99') }], ORDER, '2026-02-10')).toThrow(
      expect.objectContaining({ code: 'settlement_short' }),
    );
  });
  it('a reschedule replaces the instalments for what is outstanding: principal unchanged, interest re-priced, penalties carried', () => {
    const t = terms();
    const base = [disb, pay(2, '2026-02-28', '1083.34'), { seq: 3, kind: 'penalty_charge' as const, valueDate: '2026-04-05', amount: z('10.00'), instalmentNo: 2 }];
    const before = replay(legacy, base, ORDER, '2026-04-10');
    const next = rescheduleInstalments(before, t, 10, '2026-04-10');
    // 4166.66 at 4 % over 10 = 1666.66 + arrears interest of no. 2 (250.00) = 1916.66
    expect(next.reduce((a, i) => a + i.principal, 0n)).toBe(z('4166.66'));
    expect(next.reduce((a, i) => a + i.interest, 0n)).toBe(z('1916.66'));
    const r = replay(legacy, [...base, { seq: 4, kind: 'reschedule', valueDate: '2026-04-10', amount: 0n, schedule: next }], ORDER, '2026-04-10');
    expect(r.effects.get(4)?.parts).toEqual(P('0', '666.66'));
    expect(r.outstanding).toEqual(P('4166.66', '1916.66', '0', '10.00'));
    expect(r.instalments[0]).toMatchObject({ no: 1, dueDate: '2026-05-10', penalty: z('10.00') });
    expect(r.scheduleVersion).toBe(2);
    const bad = next.map((i) => ({ ...i, principal: i.principal + 1n }));
    expect(() => replay(legacy, [...base, { seq: 4, kind: 'reschedule', valueDate: '2026-04-10', amount: 0n, schedule: bad }], ORDER, '2026-04-10')).toThrow(/principal/);
  });
  it('a fee charge and an interest accrual add to their instalment\'s part', () => {
    const r = replay(legacy, [disb, { seq: 2, kind: 'fee_charge', valueDate: '2026-02-01', amount: z('15.00'), instalmentNo: 3 }, { seq: 3, kind: 'interest_accrual', valueDate: '2026-02-02', amount: z('5.00'), instalmentNo: 1 }], ORDER, '2026-02-02');
    expect(r.effects.get(2)?.parts).toEqual(P('0', '0', '15.00'));
    expect(r.effects.get(3)?.parts).toEqual(P('0', '5.00'));
    expect([r.instalments[2].fees, r.instalments[0].interest]).toEqual([z('15.00'), z('255.00')]);
    expect(() => replay(legacy, [disb, { seq: 2, kind: 'fee_charge', valueDate: '2026-02-01', amount: 1n, instalmentNo: 9 }], ORDER, '2026-02-02')).toThrow(expect.objectContaining({ code: 'unknown_instalment' }));
  });
  it('a backdated event that changes the principal outstanding at a reschedule is refused (invalid_schedule)', () => {
    const base: LedgerEvent[] = [disb];
    const next = rescheduleInstalments(replay(legacy, base, ORDER, '2026-03-01'), terms(), 6, '2026-03-01');
    const withR: LedgerEvent[] = [...base, { seq: 2, kind: 'reschedule', valueDate: '2026-03-01', amount: 0n, schedule: next }];
    expect(replay(legacy, withR, ORDER, '2026-03-01').state).toBe('active');
    expect(() => replay(legacy, [...withR, pay(3, '2026-02-01', '1000.00')], ORDER, '2026-03-02')).toThrow(expect.objectContaining({ code: 'invalid_schedule' }));
  });
  it('an event dated before the disbursement counts from the disbursement (legacy data)', () => {
    const r = replay(legacy, [pay(2, '2026-01-01', '100.00'), disb], ORDER, '2026-02-01');
    expect(r.outstanding.interest).toBe(z('1400.00'));
  });
  it('a loan not disbursed owes nothing and is not "paid"', () => {
    const r = replay(legacy, [], ORDER, '2026-02-01');
    expect(balancesOf(r, '2026-02-01')).toMatchObject({ total: 0n, state: 'current', nextDue: null, maturityDate: null });
  });
  it('refuses an allocation order that is not a permutation', () => {
    expect(() => replay(legacy, [disb], ['penalty', 'fees', 'interest', 'interest'], '2026-02-01')).toThrow(expect.objectContaining({ field: 'allocationOrder' }));
  });
  it('declining: fees part first by the default order', () => {
    const s = generateSchedule(terms({ interestMethod: 'declining', fees: [{ name: 'Insurance', kind: 'insurance', calc: 'fixed', value: '30.00', when: 'capitalised' }] }), z('1000.00'), 3, '2026-01-15');
    const r = replay(s.instalments, [{ ...disb, valueDate: '2026-01-15' }, pay(2, '2026-02-15', '50.00')], ORDER, '2026-02-15');
    expect(r.effects.get(2)?.allocation).toEqual([{ no: 1, parts: P('0', '40.00', '10.00') }]);
  });
});
