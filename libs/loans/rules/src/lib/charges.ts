// Penalties due and the early-settlement quote, from a replayed loan.
import type { PenaltyDue, ProductTerms, ReplayResult, SettlementQuote } from './types';
import { RuleError } from './types';
import { addDays, addMonths, assertIsoDate, daysBetween, divRound, minBig, mulRatio, percent, sumParts, zmwToNgwee } from './money';

/**
 * The penalty charges due on `today` that are not in `charged` (idempotent by (no, month)).
 * An instalment whose principal + interest is not fully paid is charged once per month overdue:
 * month 1 on the first day after the grace days (dueDate + graceDays + 1), month m one month
 * after month m-1's date (month ends clamped); percent: of the instalment's unpaid principal +
 * interest (never penalties or fees) at the time of asking, half-up to the ngwee; fixed: the sum
 * each month. None when the loan is not active (closed, written off), none dated later than
 * stopMonthsAfterMaturity months after the last instalment's due date, none dated after today.
 */
export function penaltiesDue(r: ReplayResult, terms: ProductTerms, today: string, charged: { no: number; month: number }[]): PenaltyDue[] {
  assertIsoDate(today, 'today');
  const p = terms.penalty;
  if (!p || r.state !== 'active' || r.instalments.length === 0) return [];
  const done = new Set(charged.map((c) => `${c.no}:${c.month}`));
  const maturity = r.instalments[r.instalments.length - 1].dueDate;
  const stopAt = addMonths(maturity, p.stopMonthsAfterMaturity);
  const fixed = p.calc === 'fixed' ? zmwToNgwee(p.value, 'penalty.value') : 0n;
  const rate = p.calc === 'percent' ? percent(p.value, 'penalty.value') : null;
  const out: PenaltyDue[] = [];
  for (const s of r.instalments) {
    const unpaid = s.outstanding.principal + s.outstanding.interest;
    if (unpaid <= 0n) continue;
    const first = addDays(s.dueDate, p.graceDays + 1);
    for (let month = 1; ; month++) {
      const valueDate = addMonths(first, month - 1);
      if (valueDate > today || valueDate > stopAt) break;
      if (done.has(`${s.no}:${month}`)) continue;
      const amount = rate ? mulRatio(unpaid, rate) : fixed;
      if (amount > 0n) out.push({ no: s.no, month, amount, valueDate });
    }
  }
  return out;
}

/**
 * The early-settlement quote on `today` (NOTES.md "Early settlement"), valid to the end of today.
 * Both methods: all outstanding principal, fees and penalties, and all interest of the instalments
 * due before today (arrears). The current instalment is the first one due on or after today:
 *  - declining: its interest accrued to the day, pro rata of days: scheduled interest x
 *    (today - start) / (due date - start), half-up, start = the previous due date (the
 *    disbursement date for the first), less what of its interest was already paid or waived;
 *  - flat: its whole interest (the current month's), less a rebate of settlementRebatePercent of
 *    the interest of the later instalments (the future interest), at most the interest quoted.
 * Interest of later instalments is not quoted: it is forgiven by the settlement.
 */
export function settlementQuote(r: ReplayResult, terms: ProductTerms, today: string): SettlementQuote {
  assertIsoDate(today, 'today');
  if (r.state !== 'active') throw new RuleError('not_active', 'Only an active loan can be settled.', 'state');
  const out = r.outstanding;
  const ss = r.instalments;
  let interest = 0n;
  const k = ss.findIndex((s) => s.dueDate >= today);
  for (let i = 0; i < (k < 0 ? ss.length : k); i++) interest += ss[i].outstanding.interest;
  if (k >= 0) {
    const cur = ss[k];
    if (terms.interestMethod === 'declining') {
      const start = k > 0 ? ss[k - 1].dueDate : (r.disbursedOn ?? addMonths(cur.dueDate, -1));
      const period = Math.max(1, daysBetween(start, cur.dueDate));
      const days = Math.min(period, Math.max(0, daysBetween(start, today)));
      const accrued = divRound(cur.interest * BigInt(days), BigInt(period));
      const owed = accrued - cur.paid.interest - cur.waived.interest;
      interest += owed <= 0n ? 0n : minBig(owed, cur.outstanding.interest);
    } else {
      interest += cur.outstanding.interest;
      const future = ss.slice(k + 1).reduce((a, s) => a + s.outstanding.interest, 0n);
      const rebate = mulRatio(future, percent(terms.settlementRebatePercent || '0', 'settlementRebatePercent'));
      interest -= minBig(rebate, interest);
    }
  }
  const parts = { principal: out.principal, interest, fees: out.fees, penalty: out.penalty };
  return { total: sumParts(parts), parts, interestForgiven: out.interest - interest, validUntil: today };
}
