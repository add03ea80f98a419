// Schema-free (no zod): the borrower form's lazily loaded checks use it, and so does the api's 422.
import { toNgwee } from './fields/money-values';

/** The loan product's limits on an amount and a tenure (/settings/loan-product). */
export interface LoanRange {
  min_amount: string;
  max_amount: string;
  min_tenure: number;
  max_tenure: number;
}

/**
 * Why an amount (wire form, `'12500.00'`) or a tenure falls outside the loan product's
 * limits, by field; empty when both fit. One text for the api's 422 and the borrower form's
 * own check, naming the limits as the form's hints do. `money` names an amount: the one
 * formatter, formatMoney of shared-util-format (which depends on this lib, hence passed in;
 * and so the form's lazy checks reuse the page's copy instead of reaching for it).
 */
export function loanLimitErrors(
  range: LoanRange,
  loan: { amount?: string; tenure?: number },
  money: (amount: string) => string,
): { amount?: string; tenure?: string } {
  const errors: { amount?: string; tenure?: string } = {};
  if (loan.amount !== undefined) {
    const n = toNgwee(loan.amount);
    if (n < toNgwee(range.min_amount)) errors.amount = `The smallest loan is ${money(range.min_amount)}.`;
    else if (n > toNgwee(range.max_amount)) errors.amount = `The largest loan is ${money(range.max_amount)}.`;
  }
  if (loan.tenure !== undefined) {
    const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;
    if (loan.tenure < range.min_tenure) errors.tenure = `Choose at least ${months(range.min_tenure)}.`;
    else if (loan.tenure > range.max_tenure) errors.tenure = `Choose at most ${months(range.max_tenure)}.`;
  }
  return errors;
}
