import { penaltiesDue, settlementQuote } from './charges';
import { replay } from './replay';
import { generateSchedule, legacyFlatSchedule } from './schedule';
import type { LedgerEvent, PenaltyRule } from './types';
import { DEFAULT_ALLOCATION_ORDER as ORDER } from './types';
import { terms, z } from './test-kit';

// 1000.00 at 4 % flat over 3 from 2026-01-15: interest 120.00, instalments 373.34, 373.34, 373.32 due 02-15, 03-15, 04-15.
const penalty: PenaltyRule = { calc: 'percent', value: '5.00', graceDays: 3, stopMonthsAfterMaturity: 3 };
const t = terms({ penalty });
const sched = generateSchedule(t, z('1000.00'), 3, '2026-01-15').instalments;
const disb: LedgerEvent = { seq: 1, kind: 'disbursement', valueDate: '2026-01-15', amount: z('1000.00') };

describe('penaltiesDue', () => {
  it('month 1 on the first day after the grace days (due 02-15 + 3 days grace -> 02-19), 5 % of the unpaid principal + interest, half-up', () => {
    expect(penaltiesDue(replay(sched, [disb], ORDER, '2026-02-18'), t, '2026-02-18', [])).toEqual([]);
    expect(penaltiesDue(replay(sched, [disb], ORDER, '2026-02-19'), t, '2026-02-19', [])).toEqual([{ no: 1, month: 1, amount: z('18.67'), valueDate: '2026-02-19' }]);
  });
  it('once per instalment per month, idempotent given what was charged', () => {
    const r = replay(sched, [disb], ORDER, '2026-03-19');
    expect(penaltiesDue(r, t, '2026-03-19', [])).toEqual([
      { no: 1, month: 1, amount: z('18.67'), valueDate: '2026-02-19' },
      { no: 1, month: 2, amount: z('18.67'), valueDate: '2026-03-19' },
      { no: 2, month: 1, amount: z('18.67'), valueDate: '2026-03-19' },
    ]);
    expect(penaltiesDue(r, t, '2026-03-19', [{ no: 1, month: 1 }])).toHaveLength(2);
    expect(penaltiesDue(r, t, '2026-03-19', [{ no: 1, month: 1 }, { no: 1, month: 2 }, { no: 2, month: 1 }])).toEqual([]);
  });
  it('never on penalties: a charged penalty does not grow the next month\'s', () => {
    const charged: LedgerEvent = { seq: 2, kind: 'penalty_charge', valueDate: '2026-02-19', amount: z('18.67'), instalmentNo: 1 };
    const r = replay(sched, [disb, charged], ORDER, '2026-03-19');
    expect(penaltiesDue(r, t, '2026-03-19', [{ no: 1, month: 1 }])[0]).toEqual({ no: 1, month: 2, amount: z('18.67'), valueDate: '2026-03-19' });
  });
  it('on what is unpaid of principal + interest; none once they are paid', () => {
    const r = replay(sched, [disb, { seq: 2, kind: 'repayment', valueDate: '2026-02-16', amount: z('200.00') }], ORDER, '2026-02-19');
    expect(penaltiesDue(r, t, '2026-02-19', [])[0].amount).toBe(z('8.67')); // 173.34 x 5 % = 8.667
    const paid = replay(sched, [disb, { seq: 2, kind: 'repayment', valueDate: '2026-02-16', amount: z('373.34') }], ORDER, '2026-02-19');
    expect(penaltiesDue(paid, t, '2026-02-19', [])).toEqual([]);
  });
  it('fixed: the sum per instalment a month', () => {
    const tf = terms({ penalty: { ...penalty, calc: 'fixed', value: '25.00' } });
    expect(penaltiesDue(replay(sched, [disb], ORDER, '2026-02-19'), tf, '2026-02-19', [])).toEqual([{ no: 1, month: 1, amount: z('25.00'), valueDate: '2026-02-19' }]);
  });
  it('stops N months after maturity (04-15 + 3 = 07-15): instalment 1 is charged for 5 months only', () => {
    const r = replay(sched, [disb], ORDER, '2026-12-31');
    const due = penaltiesDue(r, t, '2026-12-31', []);
    expect(due.filter((d) => d.no === 1).map((d) => d.valueDate)).toEqual(['2026-02-19', '2026-03-19', '2026-04-19', '2026-05-19', '2026-06-19']);
    expect(due.every((d) => d.valueDate <= '2026-07-15')).toBe(true);
  });
  it('none after write-off or closure, none without a penalty rule', () => {
    const w = replay(sched, [disb, { seq: 2, kind: 'write_off', valueDate: '2026-03-01', amount: 0n }], ORDER, '2026-04-01');
    expect(penaltiesDue(w, t, '2026-04-01', [])).toEqual([]);
    expect(penaltiesDue(replay(sched, [disb], ORDER, '2026-04-01'), terms(), '2026-04-01', [])).toEqual([]);
    // the state alone stops them (a write-off also leaves nothing unpaid)
    const open = replay(sched, [disb], ORDER, '2026-04-01');
    expect(penaltiesDue({ ...open, state: 'written_off' }, t, '2026-04-01', [])).toEqual([]);
    expect(penaltiesDue({ ...open, state: 'closed' }, t, '2026-04-01', [])).toEqual([]);
  });
});

describe('settlementQuote', () => {
  it('declining: outstanding principal + the current period\'s interest pro rata of days + fees and penalties', () => {
    const td = terms({ interestMethod: 'declining' });
    const s = generateSchedule(td, z('10000.00'), 12, '2026-01-15').instalments;
    const ev: LedgerEvent[] = [{ ...disb, amount: z('10000.00') }, { seq: 2, kind: 'repayment', valueDate: '2026-02-15', amount: z('1065.52') }];
    const r = replay(s, ev, ORDER, '2026-03-01');
    // instalment 2 (02-15 .. 03-15, 28 days): interest 373.38 x 14/28 = 186.69; principal 10000 - 665.52 = 9334.48
    const q = settlementQuote(r, td, '2026-03-01');
    expect(q).toEqual({ total: z('9521.17'), parts: { principal: z('9334.48'), interest: z('186.69'), fees: 0n, penalty: 0n }, interestForgiven: z('2199.57'), validUntil: '2026-03-01' });
    const done = replay(s, [...ev, { seq: 3, kind: 'settlement', valueDate: '2026-03-01', amount: q.total }], ORDER, '2026-03-01');
    expect(done.state).toBe('closed');
    expect(done.outstanding).toEqual({ principal: 0n, interest: 0n, fees: 0n, penalty: 0n });
    // on the disbursement day nothing has accrued; on the due date the whole period's interest
    expect(settlementQuote(replay(s, ev.slice(0, 1), ORDER, '2026-01-15'), td, '2026-01-15').total).toBe(z('10000.00'));
    expect(settlementQuote(r, td, '2026-03-15').parts.interest).toBe(z('373.38'));
  });
  it('declining: arrears interest (instalments due before today) is all due', () => {
    const td = terms({ interestMethod: 'declining' });
    const s = generateSchedule(td, z('10000.00'), 12, '2026-01-15').instalments;
    const r = replay(s, [{ ...disb, amount: z('10000.00') }], ORDER, '2026-03-01');
    expect(settlementQuote(r, td, '2026-03-01').parts.interest).toBe(z('586.69')); // 400.00 + 186.69
  });
  it('flat: outstanding principal + the current month\'s interest + fees and penalties; later interest forgiven', () => {
    const legacy = legacyFlatSchedule(z('5000.00'), z('6500.00'), 6, '2026-01-30').instalments;
    const ev: LedgerEvent[] = [{ ...disb, valueDate: '2026-01-30', amount: z('5000.00') }, { seq: 2, kind: 'repayment', valueDate: '2026-02-28', amount: z('1083.34') }, { seq: 3, kind: 'penalty_charge', valueDate: '2026-03-05', amount: z('10.00'), instalmentNo: 2 }];
    const r = replay(legacy, ev, ORDER, '2026-03-10');
    const q = settlementQuote(r, terms(), '2026-03-10');
    expect(q.parts).toEqual({ principal: z('4166.66'), interest: z('250.00'), fees: 0n, penalty: z('10.00') });
    expect(q.total).toBe(z('4426.66'));
    expect(q.interestForgiven).toBe(z('1000.00'));
    // a rebate percent of the future interest (4 x 250.00): 10 % = 100.00 off the interest quoted
    expect(settlementQuote(r, terms({ settlementRebatePercent: '10.00' }), '2026-03-10').parts.interest).toBe(z('150.00'));
    const done = replay(legacy, [...ev, { seq: 4, kind: 'settlement', valueDate: '2026-03-10', amount: q.total }], ORDER, '2026-03-10');
    expect([done.state, done.outstanding.interest, done.outstanding.principal]).toEqual(['closed', 0n, 0n]);
  });
  it('only an active loan has a quote', () => {
    const w = replay(sched, [disb, { seq: 2, kind: 'write_off', valueDate: '2026-03-01', amount: 0n }], ORDER, '2026-04-01');
    expect(() => settlementQuote(w, t, '2026-04-01')).toThrow(expect.objectContaining({ code: 'not_active' }));
  });
});
