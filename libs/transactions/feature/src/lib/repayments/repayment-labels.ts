import { REPAYMENT_METHOD_LABELS, REPAYMENT_METHODS, type RepaymentMethod } from '@loan/shared-contract';

export const methodLabel = (m: string): string => REPAYMENT_METHOD_LABELS[m as RepaymentMethod] ?? m;
export const METHOD_OPTIONS = REPAYMENT_METHODS.map((m) => ({ value: m, label: REPAYMENT_METHOD_LABELS[m] }));
