// Product terms validation: field -> message ({} when valid); the account/products 422s use it.
import type { ProductTerms } from './types';
import { PARTS } from './types';

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
const PERCENT2 = /^\d{1,3}(\.\d{1,2})?$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
export const MAX_FIXED_FEE = '1000000.00';
export const MAX_GRACE_DAYS = 90;
export const MAX_STOP_MONTHS = 120;

const num = (s: string) => Number(s);
const isInt = (n: unknown, lo: number, hi: number) => typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi;

/**
 * Checks product terms: interest method; monthly rate 0-100 % (up to 4 decimals); each fee's name
 * (1-100 characters, unique), kind, calc, value (percent 0-100 with up to 2 decimals, more than 0;
 * fixed ZMW more than 0 up to 1,000,000.00) and when; the penalty's calc, value (as a fee's), grace
 * days 0-90 and stop months 0-120; the allocation order a permutation of the four parts; the
 * settlement rebate 0-100 % (2 decimals). Field names are the terms' own paths ("fees.0.value").
 */
export function validateTerms(t: ProductTerms): Record<string, string> {
  const e: Record<string, string> = {};
  if (!t || typeof t !== 'object') return { terms: 'The product terms are missing.' };
  if (t.interestMethod !== 'flat' && t.interestMethod !== 'declining') e['interestMethod'] = 'Choose flat or declining.';
  if (typeof t.monthlyRatePercent !== 'string' || !PERCENT.test(t.monthlyRatePercent) || num(t.monthlyRatePercent) > 100)
    e['monthlyRatePercent'] = 'The monthly rate is a percent from 0 to 100 with at most 4 decimals.';
  if (!Array.isArray(t.fees)) e['fees'] = 'The fees must be a list.';
  else {
    const names = new Set<string>();
    t.fees.forEach((f, i) => {
      const at = `fees.${i}`;
      const name = typeof f?.name === 'string' ? f.name.trim() : '';
      if (!name || name.length > 100) e[`${at}.name`] = 'Give the fee a name (at most 100 characters).';
      else if (names.has(name.toLowerCase())) e[`${at}.name`] = 'Two fees have this name.';
      names.add(name.toLowerCase());
      if (!['processing', 'insurance', 'other'].includes(f?.kind)) e[`${at}.kind`] = 'Choose processing, insurance or other.';
      if (!['deducted', 'capitalised', 'upfront'].includes(f?.when)) e[`${at}.when`] = 'Choose deducted, capitalised or upfront.';
      const v = valueMessage(f?.calc, f?.value, 'fee');
      if (v.calc) e[`${at}.calc`] = v.calc;
      if (v.value) e[`${at}.value`] = v.value;
    });
  }
  if (t.penalty !== null) {
    const p = t.penalty;
    if (!p || typeof p !== 'object') e['penalty'] = 'The penalty must be set or none.';
    else {
      const v = valueMessage(p.calc, p.value, 'penalty');
      if (v.calc) e['penalty.calc'] = v.calc;
      if (v.value) e['penalty.value'] = v.value;
      if (!isInt(p.graceDays, 0, MAX_GRACE_DAYS)) e['penalty.graceDays'] = `Grace days are a whole number from 0 to ${MAX_GRACE_DAYS}.`;
      if (!isInt(p.stopMonthsAfterMaturity, 0, MAX_STOP_MONTHS))
        e['penalty.stopMonthsAfterMaturity'] = `Months after maturity are a whole number from 0 to ${MAX_STOP_MONTHS}.`;
    }
  }
  const o = t.allocationOrder;
  if (!Array.isArray(o) || o.length !== 4 || !PARTS.every((p) => o.includes(p)))
    e['allocationOrder'] = 'The allocation order must name each of penalty, fees, interest and principal once.';
  if (typeof t.settlementRebatePercent !== 'string' || !PERCENT2.test(t.settlementRebatePercent) || num(t.settlementRebatePercent) > 100)
    e['settlementRebatePercent'] = 'The settlement rebate is a percent from 0 to 100 with at most 2 decimals.';
  else if (t.interestMethod === 'declining' && num(t.settlementRebatePercent) !== 0)
    e['settlementRebatePercent'] = 'A settlement rebate applies to flat-rate products only.';
  return e;
}

function valueMessage(calc: unknown, value: unknown, what: 'fee' | 'penalty'): { calc?: string; value?: string } {
  if (calc !== 'percent' && calc !== 'fixed') return { calc: 'Choose percent or fixed.' };
  if (calc === 'percent') {
    if (typeof value !== 'string' || !PERCENT2.test(value) || num(value) <= 0 || num(value) > 100)
      return { value: `The ${what} is a percent more than 0 and at most 100, with at most 2 decimals.` };
    return {};
  }
  if (typeof value !== 'string' || !MONEY.test(value) || num(value) <= 0 || num(value) > num(MAX_FIXED_FEE))
    return { value: `The ${what} is an amount in ZMW more than 0 and at most ${MAX_FIXED_FEE}, with at most 2 decimals.` };
  return {};
}
