// Test helpers (not exported from the lib's index).
import type { ProductTerms } from './types';
import { DEFAULT_ALLOCATION_ORDER } from './types';

/** ZMW string -> ngwee, for readable figures in tests. */
export const z = (s: string): bigint => {
  const [i, f = ''] = s.split('.');
  const neg = i.startsWith('-');
  const v = BigInt(i.replace('-', '')) * 100n + BigInt((f + '00').slice(0, 2));
  return neg ? -v : v;
};

export const terms = (over: Partial<ProductTerms> = {}): ProductTerms => ({
  interestMethod: 'flat',
  monthlyRatePercent: '4.00',
  fees: [],
  penalty: null,
  allocationOrder: [...DEFAULT_ALLOCATION_ORDER],
  settlementRebatePercent: '0.00',
  ...over,
});
