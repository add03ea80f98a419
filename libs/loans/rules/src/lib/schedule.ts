// Schedules: flat, declining (annuity), legacy flat (migration 0840's figures), fees.
import type { CalculatorQuote, FeeAmount, Instalment, Ngwee, ProductTerms, ReplayResult, Schedule } from './types';
import { RuleError } from './types';
import { addMonths, assertIsoDate, divCeil, divRound, mulRatio, percent, zmwToNgwee } from './money';

export const MAX_TENURE = 360;

function checkLoan(amount: Ngwee, tenure: number, disbursedOn: string): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new RuleError('invalid_amount', 'The amount must be more than zero.', 'amount');
  if (!Number.isInteger(tenure) || tenure < 1 || tenure > MAX_TENURE)
    throw new RuleError('invalid_tenure', `The tenure must be a whole number of months from 1 to ${MAX_TENURE}.`, 'tenure');
  assertIsoDate(disbursedOn, 'disbursedOn');
}

/** Each fee of the product for this amount: percent of the amount rounded half-up, or the fixed ZMW. */
export function feeAmounts(terms: ProductTerms, amount: Ngwee): FeeAmount[] {
  return terms.fees.map((f, i) => ({
    name: f.name,
    kind: f.kind,
    when: f.when,
    amount: f.calc === 'percent' ? mulRatio(amount, percent(f.value, `fees.${i}.value`)) : zmwToNgwee(f.value, `fees.${i}.value`),
  }));
}

/**
 * Instalment totals as 0840 does: ceil(total / n) to the ngwee; the cumulative due of 1..i is
 * least(total, instalment x i), the last instalment takes what is left (so trailing instalments of
 * a tiny total may be zero, never negative).
 */
export function equalTotals(total: Ngwee, n: number): Ngwee[] {
  const inst = divCeil(total, BigInt(Math.max(n, 1)));
  const cum = (i: number): Ngwee => (i <= 0 ? 0n : i >= n ? total : inst * BigInt(i) < total ? inst * BigInt(i) : total);
  return Array.from({ length: n }, (_, k) => cum(k + 1) - cum(k));
}

/**
 * amount spread equally over n: round(amount / n) half-up each (never more than what is left), the
 * last takes the rest.
 */
export function spreadEqually(amount: Ngwee, n: number): Ngwee[] {
  const each = divRound(amount, BigInt(n));
  const out: Ngwee[] = [];
  let left = amount;
  for (let k = 0; k < n; k++) {
    const v = k === n - 1 ? left : each < left ? each : left;
    out.push(v);
    left -= v;
  }
  return out;
}

/**
 * amount spread over n on top of equal instalments (declining): floor(amount / n) each, the last
 * takes the rest, so the instalments stay equal to the ngwee but the last.
 */
export function spreadFloor(amount: Ngwee, n: number): Ngwee[] {
  const each = amount / BigInt(n);
  return Array.from({ length: n }, (_, k) => (k === n - 1 ? amount - each * BigInt(n - 1) : each));
}

/**
 * Interest spread over instalment totals, cumulatively (the SQL of migration 1710 computes the same):
 * interest of 1..i = max(min(totals 1..i, round(I / n) x i, I), I - totals of i+1..n); so each
 * instalment's interest is round(I / n) (the last the rest) wherever its total can hold it, never
 * negative, never more than its instalment (brute-forced on every total under 80 ngwee, n <= 12).
 */
export function spreadInterest(totals: Ngwee[], interest: Ngwee): Ngwee[] {
  const n = totals.length;
  const q = divRound(interest, BigInt(n));
  const total = totals.reduce((a, t) => a + t, 0n);
  const to: Ngwee[] = [0n];
  let cum = 0n;
  for (let i = 1; i <= n; i++) {
    cum += totals[i - 1];
    if (i === n) to.push(interest);
    else {
      let a = q * BigInt(i);
      if (cum < a) a = cum;
      if (interest < a) a = interest;
      const b = interest - (total - cum);
      to.push(a > b ? a : b);
    }
  }
  return totals.map((_, k) => to[k + 1] - to[k]);
}

/**
 * Splits instalment totals into interest, fees and principal: interest by spreadInterest; fees spread
 * equally over what the instalments hold besides their interest (where the last ones cannot hold
 * theirs, only with tiny totals, the excess moves to the instalments before); principal = total -
 * interest - fees.
 */
export function splitTotals(totals: Ngwee[], interest: Ngwee, fees: Ngwee): { interest: Ngwee[]; fees: Ngwee[]; principal: Ngwee[] } {
  const n = totals.length;
  const int = spreadInterest(totals, interest);
  const fee = spreadEqually(fees, n);
  let carry = 0n;
  for (let i = n - 1; i >= 0; i--) {
    fee[i] += carry;
    const room = totals[i] - int[i];
    carry = fee[i] > room ? fee[i] - room : 0n;
    fee[i] -= carry;
  }
  if (carry !== 0n) throw new RuleError('invalid_schedule', 'The instalments cannot hold the interest and fees.');
  return { interest: int, fees: fee, principal: totals.map((t, i) => t - int[i] - fee[i]) };
}

function build(
  principal: Ngwee,
  parts: { principal: Ngwee[]; interest: Ngwee[]; fees: Ngwee[] },
  disbursedOn: string,
  fees: FeeAmount[],
): Schedule {
  const instalments: Instalment[] = parts.principal.map((p, k) => ({
    no: k + 1,
    dueDate: addMonths(disbursedOn, k + 1),
    principal: p,
    interest: parts.interest[k],
    fees: parts.fees[k],
  }));
  const sumBy = (w: FeeAmount['when']) => fees.filter((f) => f.when === w).reduce((s, f) => s + f.amount, 0n);
  const totalInterest = instalments.reduce((s, i) => s + i.interest, 0n);
  const totalRepayable = instalments.reduce((s, i) => s + i.principal + i.interest + i.fees, 0n);
  const feesDeducted = sumBy('deducted');
  return {
    instalments,
    principal,
    feesDeducted,
    feesUpfront: sumBy('upfront'),
    feesCapitalised: sumBy('capitalised'),
    feesByName: fees,
    payout: principal - feesDeducted,
    totalInterest,
    totalRepayable,
  };
}

/** The annuity payment on principal p at rate num/den a month over n months, half-up to the ngwee. */
export function annuityPayment(p: Ngwee, rate: { num: bigint; den: bigint }, n: number): Ngwee {
  const N = BigInt(n);
  if (rate.num === 0n) return divRound(p, N);
  const grow = (rate.den + rate.num) ** N; // (1 + r)^n x den^n
  const base = rate.den ** N;
  return divRound(p * rate.num * grow, rate.den * (grow - base));
}

/** Principal and interest of a declining-balance (annuity) schedule of p over n at rate r. */
export function decliningParts(p: Ngwee, rate: { num: bigint; den: bigint }, n: number): { principal: Ngwee[]; interest: Ngwee[] } {
  const pay = annuityPayment(p, rate, n);
  const principal: Ngwee[] = [];
  const interest: Ngwee[] = [];
  let out = p;
  for (let k = 0; k < n; k++) {
    const int = divRound(out * rate.num, rate.den);
    let pr = k === n - 1 ? out : pay - int;
    if (pr < 0n) pr = 0n;
    if (pr > out) pr = out;
    principal.push(pr);
    interest.push(int);
    out -= pr;
  }
  return { principal, interest };
}

/** The schedule of a loan of `amount` on `terms` over `tenure` months, disbursed on `disbursedOn`. */
export function generateSchedule(terms: ProductTerms, amount: Ngwee, tenure: number, disbursedOn: string): Schedule {
  checkLoan(amount, tenure, disbursedOn);
  const rate = percent(terms.monthlyRatePercent, 'monthlyRatePercent');
  const fees = feeAmounts(terms, amount);
  const capitalised = fees.filter((f) => f.when === 'capitalised').reduce((s, f) => s + f.amount, 0n);
  const takenBefore = fees.filter((f) => f.when === 'deducted').reduce((s, f) => s + f.amount, 0n);
  if (takenBefore >= amount) throw new RuleError('fees_exceed_amount', 'The deducted fees leave nothing to pay out.', 'amount');
  if (terms.interestMethod === 'flat') {
    const interest = divRound(amount * rate.num * BigInt(tenure), rate.den);
    const totals = equalTotals(amount + interest + capitalised, tenure);
    return build(amount, splitTotals(totals, interest, capitalised), disbursedOn, fees);
  }
  if (terms.interestMethod === 'declining') {
    const d = decliningParts(amount, rate, tenure);
    return build(amount, { ...d, fees: spreadFloor(capitalised, tenure) }, disbursedOn, fees);
  }
  throw new RuleError('invalid_method', `Unknown interest method: ${String(terms.interestMethod)}`, 'interestMethod');
}

/**
 * "Legacy flat": a loan priced before products, from its total_amount_due. Instalment totals exactly
 * as migration 0840 (loan_instalment / loan_cumulative_due); interest = totalDue - amount by
 * spreadInterest (round(I / n) each, the last the rest, never more than its instalment);
 * principal = total - interest.
 * A total below the amount (never priced so, but possible in old data) keeps the total: the
 * principal is then the total and the interest zero, so no balance changes.
 */
export function legacyFlatSchedule(amount: Ngwee, totalDue: Ngwee, tenure: number, disbursedOn: string): Schedule {
  if (typeof totalDue !== 'bigint' || totalDue < 0n) throw new RuleError('invalid_amount', 'The total due must not be negative.', 'totalDue');
  if (!Number.isInteger(tenure) || tenure < 1) throw new RuleError('invalid_tenure', 'The tenure must be a whole number of months.', 'tenure');
  assertIsoDate(disbursedOn, 'disbursedOn');
  const interest = totalDue > amount ? totalDue - amount : 0n;
  const principal = totalDue - interest;
  return build(principal, splitTotals(equalTotals(totalDue, tenure), interest, 0n), disbursedOn, []);
}

/** What the calculator (/apply, the preview) shows, from generateSchedule. */
export function calculatorQuote(terms: ProductTerms, amount: Ngwee, tenure: number, disbursedOn: string): CalculatorQuote {
  const schedule = generateSchedule(terms, amount, tenure, disbursedOn);
  const inst = schedule.instalments;
  const total = (i: Instalment) => i.principal + i.interest + i.fees;
  return {
    instalment: total(inst[0]),
    lastInstalment: total(inst[inst.length - 1]),
    instalments: inst.length,
    totalInterest: schedule.totalInterest,
    totalFees: schedule.feesByName.reduce((s, f) => s + f.amount, 0n),
    totalRepayable: schedule.totalRepayable,
    payout: schedule.payout,
    firstDueDate: inst[0].dueDate,
    schedule,
  };
}

/**
 * The new instalments of a reschedule, for what is outstanding on `fromDate` (a new tenure and/or
 * rate): principal = the outstanding principal; interest = the new method's interest on it (flat:
 * principal x rate x tenure; declining: annuity) plus the interest still owed of instalments due on
 * or before `fromDate` (arrears interest is not forgiven by a reschedule), spread equally; fees = the
 * outstanding fees spread equally; instalment i due `fromDate` + i months; numbered 1..tenure.
 * Outstanding penalties are carried by replay() onto the first new instalment. Pass the result as
 * the `schedule` of a 'reschedule' event.
 */
export function rescheduleInstalments(
  r: ReplayResult,
  terms: ProductTerms,
  tenure: number,
  fromDate: string,
  monthlyRatePercent: string = terms.monthlyRatePercent,
): Instalment[] {
  if (r.state !== 'active') throw new RuleError('not_active', 'Only an active loan can be rescheduled.', 'state');
  if (!Number.isInteger(tenure) || tenure < 1 || tenure > MAX_TENURE)
    throw new RuleError('invalid_tenure', `The tenure must be a whole number of months from 1 to ${MAX_TENURE}.`, 'tenure');
  assertIsoDate(fromDate, 'fromDate');
  const rate = percent(monthlyRatePercent, 'monthlyRatePercent');
  const p = r.outstanding.principal;
  const fees = r.outstanding.fees;
  const carried = r.instalments.filter((s) => s.dueDate <= fromDate).reduce((a, s) => a + s.outstanding.interest, 0n);
  let parts: { principal: Ngwee[]; interest: Ngwee[]; fees: Ngwee[] };
  if (terms.interestMethod === 'flat') {
    const interest = divRound(p * rate.num * BigInt(tenure), rate.den) + carried;
    parts = splitTotals(equalTotals(p + interest + fees, tenure), interest, fees);
  } else {
    const d = decliningParts(p, rate, tenure);
    const extra = spreadFloor(carried, tenure);
    parts = { principal: d.principal, interest: d.interest.map((x, k) => x + extra[k]), fees: spreadFloor(fees, tenure) };
  }
  return parts.principal.map((pr, k) => ({ no: k + 1, dueDate: addMonths(fromDate, k + 1), principal: pr, interest: parts.interest[k], fees: parts.fees[k] }));
}
