import { REPAYMENT_METHOD_LABELS, REPAYMENT_METHODS, type RepaymentMethod } from '@loan/shared-contract';

export const methodLabel = (m: string): string => REPAYMENT_METHOD_LABELS[m as RepaymentMethod] ?? m;
export const METHOD_OPTIONS = REPAYMENT_METHODS.map((m) => ({ value: m, label: REPAYMENT_METHOD_LABELS[m] }));

/** Today in Lusaka (NOTES.md "Business time"), the form's default paid date. */
export function lusakaToday(now = new Date()): string {
  return new Date(now.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
}
