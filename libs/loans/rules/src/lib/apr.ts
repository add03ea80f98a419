import { formatMoney } from '@loan/shared-contract';
// APR / EAR (NOTES.md "Disclosure"): monthly IRR of the cash flows x 12, and (1 + IRR)^12 - 1.
import type { AprResult, KeyFacts, Ngwee, ProductTerms } from './types';
import { RuleError } from './types';
import { generateSchedule } from './schedule';

/** Net present value of the flows at monthly rate r. */
function npv(flows: { month: number; amount: number }[], r: number): number {
  let v = 0;
  for (const f of flows) v += f.amount / Math.pow(1 + r, f.month);
  return v;
}

/**
 * The monthly internal rate of return of cash flows (month index from 0, any sign convention: the
 * payout one sign, the instalments the other), by bisection on (-99.99 %, 10^6 %] a month to
 * double precision; APR = IRR x 12 (nominal), EAR = (1 + IRR)^12 - 1. Fractions (0.6 = 60 %).
 */
export function apr(cashflows: { month: number; amount: Ngwee }[]): AprResult {
  const flows = cashflows.filter((f) => f.amount !== 0n).map((f) => ({ month: f.month, amount: Number(f.amount) }));
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0))
    throw new RuleError('no_irr', 'The cash flows need money in both directions.', 'cashflows');
  let lo = -0.9999;
  let hi = 1;
  let flo = npv(flows, lo);
  let fhi = npv(flows, hi);
  while (Math.sign(flo) === Math.sign(fhi) && hi < 1e4) {
    hi *= 2;
    fhi = npv(flows, hi);
  }
  if (Math.sign(flo) === Math.sign(fhi)) throw new RuleError('no_irr', 'The cash flows have no rate of return.', 'cashflows');
  for (let i = 0; i < 300 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    const fm = npv(flows, mid);
    if (fm === 0) {
      lo = hi = mid;
      break;
    }
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else {
      hi = mid;
    }
  }
  const irr = (lo + hi) / 2;
  return { monthlyIrr: irr, apr: irr * 12, ear: Math.pow(1 + irr, 12) - 1 };
}

const zmw = (n: Ngwee): string => {
  const neg = n < 0n;
  const a = neg ? -n : n;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** The key facts of NOTES.md "Disclosure": figures of generateSchedule, APR of (payout - upfront fees at month 0, instalment i at month i). */
export function keyFacts(terms: ProductTerms, amount: Ngwee, tenure: number, disbursedOn: string): KeyFacts {
  const s = generateSchedule(terms, amount, tenure, disbursedOn);
  const inst = s.instalments;
  const totalOf = (i: (typeof inst)[number]) => i.principal + i.interest + i.fees;
  const flows = [{ month: 0, amount: s.payout - s.feesUpfront }, ...inst.map((i, k) => ({ month: k + 1, amount: -totalOf(i) }))];
  const r = apr(flows);
  const p = terms.penalty;
  let penaltyTerms = 'No penalty.';
  if (p) {
    const what = p.calc === 'percent' ? `${p.value}% a month of the overdue instalment's unpaid principal and interest` : `${formatMoney(p.value)} a month per overdue instalment`;
    penaltyTerms = `${what}, from the first day after ${p.graceDays} days' grace, until ${p.stopMonthsAfterMaturity} months after the last due date.`;
  }
  const pct = (x: number) => (Math.round(x * 10000) / 100).toFixed(2);
  return {
    amount,
    payout: s.payout,
    fees: s.feesByName,
    totalFees: s.feesByName.reduce((a, f) => a + f.amount, 0n),
    totalInterest: s.totalInterest,
    totalRepayable: s.totalRepayable,
    instalmentAmount: totalOf(inst[0]),
    lastInstalmentAmount: totalOf(inst[inst.length - 1]),
    instalments: inst.length,
    firstDueDate: inst[0].dueDate,
    penalty: p,
    penaltyTerms,
    monthlyIrr: r.monthlyIrr,
    apr: r.apr,
    ear: r.ear,
    aprPercent: pct(r.apr),
    earPercent: pct(r.ear),
  };
}

export { zmw as formatZmw };
