// Property tests (fast-check): random products, amounts, tenures, payment sequences, backdated
// reversals. A fixed seed (FC_SEED to change it); fast-check prints the seed and path of a failure.
import fc from 'fast-check';
import { settlementQuote, penaltiesDue } from './charges';
import { addDays, addMonths, daysBetween, sumParts } from './money';
import { balancesOf, replay } from './replay';
import { generateSchedule, legacyFlatSchedule, rescheduleInstalments } from './schedule';
import type { FeeRule, Instalment, LedgerEvent, Part, Parts, ProductTerms } from './types';
import { DEFAULT_ALLOCATION_ORDER, PARTS, RuleError, zeroParts } from './types';

const seed = Number(process.env['FC_SEED'] ?? 20261129);
const runs = (n: number) => ({ seed, numRuns: n, verbose: 1 as const });

// ---- arbitraries ----
const rateArb = fc.integer({ min: 0, max: 3000 }).map((bp) => (bp / 100).toFixed(2));
const feeArb: fc.Arbitrary<FeeRule> = fc.record({
  name: fc.constantFrom('Processing', 'Insurance', 'Admin'),
  kind: fc.constantFrom('processing', 'insurance', 'other') as fc.Arbitrary<FeeRule['kind']>,
  calc: fc.constantFrom('percent', 'fixed') as fc.Arbitrary<FeeRule['calc']>,
  value: fc.integer({ min: 1, max: 500 }).map((v) => (v / 100).toFixed(2)),
  when: fc.constantFrom('deducted', 'capitalised', 'upfront') as fc.Arbitrary<FeeRule['when']>,
});
const termsArb: fc.Arbitrary<ProductTerms> = fc.record({
  interestMethod: fc.constantFrom('flat', 'declining') as fc.Arbitrary<ProductTerms['interestMethod']>,
  monthlyRatePercent: rateArb,
  fees: fc.array(feeArb, { maxLength: 3 }),
  penalty: fc.option(
    fc.record({
      calc: fc.constantFrom('percent', 'fixed') as fc.Arbitrary<'percent' | 'fixed'>,
      value: fc.integer({ min: 1, max: 1000 }).map((v) => (v / 100).toFixed(2)),
      graceDays: fc.integer({ min: 0, max: 90 }),
      stopMonthsAfterMaturity: fc.integer({ min: 0, max: 6 }),
    }),
    { nil: null },
  ),
  allocationOrder: fc.shuffledSubarray([...PARTS], { minLength: 4, maxLength: 4 }),
  settlementRebatePercent: fc.constant('0.00'),
});
const dateArb = fc.integer({ min: 0, max: 1500 }).map((d) => addDays('2023-01-01', d));
const amountArb = fc.bigInt({ min: 100_00n, max: 500_000_00n });
const tenureArb = fc.integer({ min: 1, max: 36 });

type Action =
  | { k: 'pay'; day: number; frac: number }
  | { k: 'reverse'; pick: number; after: number }
  | { k: 'waive'; day: number; frac: number; part: Exclude<Part, 'principal'> }
  | { k: 'penalties'; day: number }
  | { k: 'reschedule'; day: number; tenure: number };
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('pay' as const), day: fc.integer({ min: 0, max: 1200 }), frac: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('reverse' as const), pick: fc.nat(), after: fc.integer({ min: 0, max: 60 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('waive' as const),
      day: fc.integer({ min: 0, max: 1200 }),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
      part: fc.constantFrom('penalty', 'fees', 'interest') as fc.Arbitrary<Exclude<Part, 'principal'>>,
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('penalties' as const), day: fc.integer({ min: 0, max: 1200 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reschedule' as const), day: fc.integer({ min: 0, max: 1200 }), tenure: fc.integer({ min: 1, max: 24 }) }) },
);

const frac = (x: bigint, f: number) => {
  const v = (x * BigInt(Math.floor(f * 1_000_000))) / 1_000_000n;
  return v < 1n ? 1n : v > x ? x : v;
};

interface Loan {
  terms: ProductTerms;
  schedule: Instalment[];
  disbursedOn: string;
  events: LedgerEvent[];
  today: string;
}

/** Builds a ledger from actions; an action a command would refuse (RuleError) is left out, as the command would. */
function build(terms: ProductTerms, schedule: Instalment[], disbursedOn: string, amount: bigint, actions: Action[]): Loan {
  const events: LedgerEvent[] = [{ seq: 1, kind: 'disbursement', valueDate: disbursedOn, amount }];
  let seq = 1;
  let today = disbursedOn;
  let charged: { no: number; month: number }[] = [];
  const tryAdd = (add: LedgerEvent[]) => {
    try {
      replay(schedule, [...events, ...add], terms.allocationOrder, today);
      events.push(...add);
      return true;
    } catch (e) {
      if (e instanceof RuleError) return false;
      throw e;
    }
  };
  for (const a of actions) {
    const r = replay(schedule, events, terms.allocationOrder, today);
    if (r.state !== 'active') break;
    if (a.k === 'pay') {
      const owed = sumParts(r.outstanding);
      if (owed === 0n) continue;
      const d = addDays(disbursedOn, a.day);
      if (d > today) today = d;
      tryAdd([{ seq: ++seq, kind: 'repayment', valueDate: d, amount: frac(owed, a.frac) }]);
    } else if (a.k === 'reverse') {
      const reversed = new Set(events.filter((e) => e.kind === 'repayment_reversal').map((e) => e.reverses));
      const live = events.filter((e) => e.kind === 'repayment' && !reversed.has(e.seq));
      if (!live.length) continue;
      const rep = live[a.pick % live.length];
      const d = addDays(rep.valueDate, a.after);
      if (d > today) today = d;
      tryAdd([{ seq: ++seq, kind: 'repayment_reversal', valueDate: d, amount: rep.amount, reverses: rep.seq }]);
    } else if (a.k === 'waive') {
      const owed = r.outstanding[a.part];
      if (owed === 0n) continue;
      const d = addDays(disbursedOn, a.day);
      if (d > today) today = d;
      tryAdd([{ seq: ++seq, kind: 'waiver', valueDate: d, amount: frac(owed, a.frac), part: a.part }]);
    } else if (a.k === 'reschedule') {
      const d = addDays(disbursedOn, a.day);
      if (d < today) continue; // a reschedule is made on the day (never backdated)
      today = d;
      const r2 = replay(schedule, events, terms.allocationOrder, today);
      const next = rescheduleInstalments(r2, terms, a.tenure, d);
      if (tryAdd([{ seq: ++seq, kind: 'reschedule', valueDate: d, amount: 0n, schedule: next }])) charged = [];
    } else {
      const d = addDays(disbursedOn, a.day);
      if (d < today) continue; // the job runs forward in time
      today = d;
      const r2 = replay(schedule, events, terms.allocationOrder, today);
      const due = penaltiesDue(r2, terms, today, charged);
      const add = due.map((p) => ({ seq: ++seq, kind: 'penalty_charge' as const, valueDate: p.valueDate, amount: p.amount, instalmentNo: p.no }));
      if (tryAdd(add)) charged.push(...due.map((p) => ({ no: p.no, month: p.month })));
    }
  }
  return { terms, schedule, disbursedOn, events, today };
}

const loanArb: fc.Arbitrary<Loan> = fc
  .tuple(termsArb, amountArb, tenureArb, dateArb, fc.array(actionArb, { maxLength: 14 }))
  .filter(([t, amount]) => {
    try {
      generateSchedule(t, amount, 1, '2026-01-01');
      return true;
    } catch {
      return false;
    }
  })
  .map(([t, amount, tenure, d, actions]) => build(t, generateSchedule(t, amount, tenure, d).instalments, d, amount, actions));

const sum = (ps: Parts[]): Parts => ps.reduce((a, p) => ({ principal: a.principal + p.principal, interest: a.interest + p.interest, fees: a.fees + p.fees, penalty: a.penalty + p.penalty }), zeroParts());
const run = (l: Loan, events = l.events) => replay(l.schedule, events, l.terms.allocationOrder, l.today);

describe('schedule properties', () => {
  it('principal sums to the amount; parts never negative; flat instalments equal but the last (which is never more); declining equal to the ngwee but the last', () => {
    fc.assert(
      fc.property(termsArb, amountArb, tenureArb, dateArb, (t, amount, tenure, d) => {
        let s;
        try {
          s = generateSchedule(t, amount, tenure, d);
        } catch (e) {
          if (e instanceof RuleError && e.code === 'fees_exceed_amount') return;
          throw e;
        }
        const inst = s.instalments;
        expect(inst).toHaveLength(tenure);
        expect(inst.reduce((a, i) => a + i.principal, 0n)).toBe(amount);
        expect(inst.reduce((a, i) => a + i.fees, 0n)).toBe(s.feesCapitalised);
        for (const i of inst) expect(i.principal >= 0n && i.interest >= 0n && i.fees >= 0n).toBe(true);
        const totals = inst.map((i) => i.principal + i.interest + i.fees);
        const head = totals.slice(0, -1);
        expect(new Set(head.map(String)).size <= 1).toBe(true);
        if (t.interestMethod === 'flat' && head.length) expect(totals[totals.length - 1] <= head[0]).toBe(true);
        inst.forEach((i, k) => expect(i.dueDate).toBe(addMonths(d, k + 1)));
      }),
      runs(100),
    );
  });
});

describe('legacy schedule properties', () => {
  it('tiny and ordinary totals: no part negative, interest = total - amount, totals = 0840; a flat product without fees is the legacy schedule', () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 300n }), fc.bigInt({ min: 0n, max: 10_000_000n })), fc.bigInt({ min: 0n, max: 300n }), fc.integer({ min: 1, max: 36 }), (amount, extra, n) => {
        const total = amount + extra;
        const s = legacyFlatSchedule(amount, total, n, '2026-01-31');
        for (const i of s.instalments) expect(i.principal >= 0n && i.interest >= 0n).toBe(true);
        expect(s.instalments.reduce((a, i) => a + i.interest, 0n)).toBe(extra);
        expect(s.instalments.reduce((a, i) => a + i.principal, 0n)).toBe(amount);
        const inst = (total + BigInt(n) - 1n) / BigInt(n);
        s.instalments.forEach((i, k) => {
          const cum = (j: number) => (j >= n ? total : inst * BigInt(j) < total ? inst * BigInt(j) : total);
          expect(i.principal + i.interest).toBe(cum(k + 1) - cum(k));
        });
      }),
      runs(200),
    );
    fc.assert(
      fc.property(amountArb, tenureArb, rateArb, (amount, n, rate) => {
        const g = generateSchedule({ interestMethod: 'flat', monthlyRatePercent: rate, fees: [], penalty: null, allocationOrder: [...DEFAULT_ALLOCATION_ORDER], settlementRebatePercent: '0.00' }, amount, n, '2026-01-31');
        expect(g.instalments).toEqual(legacyFlatSchedule(amount, amount + g.totalInterest, n, '2026-01-31').instalments);
      }),
      runs(100),
    );
  });
});

// ---- migration 0840's view, written again from its SQL (closed form on the paid total) ----
function view0840(amountDue: bigint, n: number, d: string, paid: bigint, today: string) {
  const inst = (amountDue * 1n + BigInt(n) - 1n) / BigInt(n); // ceil(total*100/n)/100 in ngwee
  const cum = (i: number) => (i <= 0 ? 0n : i >= n ? amountDue : inst * BigInt(i) < amountDue ? inst * BigInt(i) : amountDue);
  let dueBy = 0;
  for (let i = 1; i <= n; i++) if (addMonths(d, i) <= today) dueBy = i;
  const nextNo = paid >= amountDue ? null : inst === 0n ? n : Math.min(n, Number(paid / inst) + 1);
  const nextDate = nextNo === null ? null : addMonths(d, nextNo);
  return {
    balance: amountDue - paid,
    dueToDate: cum(dueBy),
    arrears: cum(dueBy) - paid > 0n ? cum(dueBy) - paid : 0n,
    daysPastDue: nextDate === null ? 0 : Math.max(0, daysBetween(nextDate, today)),
    nextDue: nextNo === null ? null : { no: nextNo, date: nextDate, amount: cum(nextNo) - paid },
    state: paid >= amountDue ? 'paid' : nextDate !== null && nextDate < today ? 'overdue' : 'current',
    schedule: Array.from({ length: n }, (_, k) => {
      const amt = cum(k + 1) - cum(k);
      const p = paid - cum(k) > 0n ? paid - cum(k) : 0n;
      return { no: k + 1, amount: amt, paid: p < amt ? p : amt };
    }),
  };
}

describe('legacy flat = migration 0840 (every figure of loan_balances / loan_schedule)', () => {
  it('balance, arrears, due to date, days past due, next due and the schedule paid column agree', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000_00n }),
        fc.bigInt({ min: 0n, max: 60_000_00n }),
        fc.integer({ min: 1, max: 36 }),
        dateArb,
        fc.array(fc.record({ day: fc.integer({ min: -5, max: 1300 }), frac: fc.double({ min: 0, max: 1, noNaN: true }), reversed: fc.boolean() }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 1400 }),
        (amount, extra, n, d, pays, todayOffset) => {
          const totalDue = amount + extra;
          const s = legacyFlatSchedule(amount, totalDue, n, d).instalments;
          const events: LedgerEvent[] = [{ seq: 1, kind: 'disbursement', valueDate: d, amount }];
          let left = totalDue;
          let seq = 1;
          let paid = 0n;
          for (const p of pays) {
            if (left === 0n) break;
            const amt = frac(left, p.frac);
            const rep: LedgerEvent = { seq: ++seq, kind: 'repayment', valueDate: addDays(d, p.day), amount: amt };
            events.push(rep);
            if (p.reversed) events.push({ seq: ++seq, kind: 'repayment_reversal', valueDate: addDays(rep.valueDate, 1), amount: amt, reverses: rep.seq });
            else {
              left -= amt;
              paid += amt;
            }
          }
          const today = addDays(d, todayOffset);
          const r = replay(s, events, DEFAULT_ALLOCATION_ORDER, today);
          const b = balancesOf(r, today);
          const v = view0840(totalDue, n, d, paid, today);
          expect(b.total).toBe(v.balance);
          expect(b.dueToDate).toBe(v.dueToDate);
          expect(b.arrears).toBe(v.arrears);
          expect(b.daysPastDue).toBe(v.daysPastDue);
          expect(b.nextDue).toEqual(v.nextDue);
          expect(b.state).toBe(v.state);
          expect(r.instalments.map((i) => ({ no: i.no, amount: i.principal + i.interest + i.fees, paid: sumParts(i.paid) }))).toEqual(v.schedule);
          expect(r.paidTotal).toBe(paid);
        },
      ),
      runs(100),
    );
  });
});

describe('ledger properties', () => {
  it('every event\'s parts are the sum of its allocation; repayments and waivers sum to their amount; no part below zero; kept balances = the sum of the effects', () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const r = run(l);
        const kinds = new Map(l.events.map((e) => [e.seq, e]));
        for (const [seq, eff] of r.effects) {
          const e = kinds.get(seq) as LedgerEvent;
          const alloc = sum(eff.allocation.map((a) => a.parts));
          const sign = ['repayment', 'repayment_reversal', 'waiver', 'settlement', 'write_off'].includes(e.kind) ? -1n : 1n;
          if (e.kind !== 'settlement' && e.kind !== 'reschedule') for (const p of PARTS) expect(eff.parts[p]).toBe(sign * alloc[p]);
          if (e.kind === 'repayment' || e.kind === 'waiver' || e.kind === 'repayment_reversal') {
            expect(PARTS.reduce((a, p) => a + (eff.parts[p] < 0n ? -eff.parts[p] : eff.parts[p]), 0n)).toBe(e.amount);
            expect(eff.amount).toBe(e.amount);
          }
          if (e.kind === 'repayment_reversal') expect(eff.parts).toEqual(((x) => ({ principal: -x.principal, interest: -x.interest, fees: -x.fees, penalty: -x.penalty }))(r.effects.get(e.reverses as number)?.parts as Parts));
        }
        for (const s of r.instalments) for (const p of PARTS) expect(s.outstanding[p] >= 0n).toBe(true);
        for (const p of PARTS) expect(r.outstanding[p] >= 0n).toBe(true);
        expect(sum([...r.effects.values()].map((e) => e.parts))).toEqual(r.outstanding);
        const b = balancesOf(r, l.today);
        expect(b.arrears <= b.total && b.arrears >= 0n).toBe(true);
      }),
      runs(40),
    );
  });

  it('replay is deterministic: twice the same, in any input order; an event\'s effect depends only on the events before it (a prefix replays the same)', () => {
    fc.assert(
      fc.property(loanArb, fc.nat(), fc.integer({ min: 0, max: 1300 }), (l, shuffleSeed, cutDay) => {
        const a = run(l);
        expect(run(l)).toEqual(a);
        const shuffled = [...l.events].sort((x, y) => ((x.seq * 7919 + shuffleSeed) % 101) - ((y.seq * 7919 + shuffleSeed) % 101));
        expect(run(l, shuffled)).toEqual(a);
        const cut = addDays(l.disbursedOn, cutDay);
        const prefix = l.events.filter((e) => e.valueDate <= cut && (e.kind !== 'repayment_reversal' || (l.events.find((x) => x.seq === e.reverses) as LedgerEvent).valueDate <= cut));
        const p = run(l, prefix);
        for (const e of prefix) if (e.kind !== 'repayment_reversal') expect(p.effects.get(e.seq)).toEqual(a.effects.get(e.seq));
      }),
      runs(40),
    );
  });

  it('the generated ledgers exercise every kind (sanity of the arbitraries)', () => {
    const kinds = new Map<string, number>();
    for (const l of fc.sample(loanArb, { seed, numRuns: 60 })) for (const e of l.events) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    for (const k of ['repayment', 'repayment_reversal', 'waiver', 'penalty_charge', 'reschedule']) expect([k, (kinds.get(k) ?? 0) > 3]).toEqual([k, true]);
  });

  it('a reversal followed by the same repayment gives the same balances', () => {
    fc.assert(
      fc.property(loanArb, fc.nat(), (l, pick) => {
        const reps = l.events.filter((e) => e.kind === 'repayment');
        const r0 = run(l);
        if (!reps.length || r0.state !== 'active') return;
        const rep = reps[pick % reps.length];
        if (l.events.some((e) => e.kind === 'repayment_reversal' && e.reverses === rep.seq)) return;
        const top = Math.max(...l.events.map((e) => e.seq));
        const again = [...l.events, { seq: top + 1, kind: 'repayment_reversal' as const, valueDate: l.today, amount: rep.amount, reverses: rep.seq }, { ...rep, seq: top + 2 }];
        const r1 = run(l, again);
        expect(r1.outstanding).toEqual(r0.outstanding);
        expect(r1.instalments).toEqual(r0.instalments);
        expect(balancesOf(r1, l.today)).toEqual(balancesOf(r0, l.today));
      }),
      runs(40),
    );
  });

  it('paying the settlement quote closes the loan with zero in every part', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 0, max: 400 }), (l, later) => {
        const r = run(l);
        if (r.state !== 'active') return;
        const today = addDays(l.today, later);
        const q = settlementQuote(r, l.terms, today);
        expect(q.total).toBe(sumParts(q.parts));
        expect(q.parts.principal).toBe(r.outstanding.principal);
        expect(q.interestForgiven >= 0n).toBe(true);
        const top = Math.max(...l.events.map((e) => e.seq));
        const done = replay(l.schedule, [...l.events, { seq: top + 1, kind: 'settlement', valueDate: today, amount: q.total }], l.terms.allocationOrder, today);
        expect(done.state).toBe('closed');
        expect(done.outstanding).toEqual(zeroParts());
        expect(balancesOf(done, today)).toMatchObject({ total: 0n, arrears: 0n, nextDue: null });
      }),
      runs(40),
    );
  });

  it('penalties: idempotent (what was charged is not due again), never on penalties, none after write-off', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 0, max: 900 }), (l, later) => {
        if (!l.terms.penalty) return;
        const today = addDays(l.today, later);
        const r = replay(l.schedule, l.events, l.terms.allocationOrder, today);
        const due = penaltiesDue(r, l.terms, today, []);
        const charged = due.map((p) => ({ no: p.no, month: p.month }));
        expect(penaltiesDue(r, l.terms, today, charged)).toEqual([]);
        expect(new Set(charged.map((c) => `${c.no}:${c.month}`)).size).toBe(charged.length);
        if (due.length && r.state === 'active') {
          const top = Math.max(...l.events.map((e) => e.seq));
          const withCharges = [...l.events, ...due.map((p, k) => ({ seq: top + 1 + k, kind: 'penalty_charge' as const, valueDate: p.valueDate, amount: p.amount, instalmentNo: p.no }))];
          const r2 = replay(l.schedule, withCharges, l.terms.allocationOrder, today);
          // the same amounts again with the penalties charged: penalties do not bear penalties
          expect(penaltiesDue(r2, l.terms, today, [])).toEqual(due);
          const w = replay(l.schedule, [...withCharges, { seq: top + due.length + 1, kind: 'write_off', valueDate: today, amount: 0n }], l.terms.allocationOrder, today);
          expect(penaltiesDue(w, l.terms, addDays(today, 200), [])).toEqual([]);
        }
      }),
      runs(40),
    );
  });
});
