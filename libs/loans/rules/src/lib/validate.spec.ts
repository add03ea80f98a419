import { validateTerms } from './validate';
import { terms } from './test-kit';
import type { ProductTerms } from './types';

const bad = (over: Partial<ProductTerms>) => validateTerms({ ...terms(), ...over });

describe('validateTerms', () => {
  it('valid terms: no errors', () => {
    expect(validateTerms(terms())).toEqual({});
    expect(
      validateTerms(
        terms({
          interestMethod: 'declining',
          monthlyRatePercent: '3.5',
          fees: [{ name: 'Processing', kind: 'processing', calc: 'percent', value: '2.50', when: 'deducted' }],
          penalty: { calc: 'fixed', value: '50.00', graceDays: 90, stopMonthsAfterMaturity: 3 },
          allocationOrder: ['principal', 'interest', 'fees', 'penalty'],
        }),
      ),
    ).toEqual({});
  });
  it('the allocation order must be a permutation of the four parts', () => {
    expect(Object.keys(bad({ allocationOrder: ['penalty', 'fees', 'interest'] }))).toEqual(['allocationOrder']);
    expect(Object.keys(bad({ allocationOrder: ['penalty', 'fees', 'interest', 'interest'] }))).toEqual(['allocationOrder']);
    expect(Object.keys(bad({ allocationOrder: ['penalty', 'fees', 'interest', 'principal', 'principal'] }))).toEqual(['allocationOrder']);
  });
  it('rate 0-100 % a month, up to 4 decimals', () => {
    expect(bad({ monthlyRatePercent: '100.01' })).toHaveProperty('monthlyRatePercent');
    expect(bad({ monthlyRatePercent: '-1' })).toHaveProperty('monthlyRatePercent');
    expect(bad({ monthlyRatePercent: '4.00001' })).toHaveProperty('monthlyRatePercent');
    expect(bad({ monthlyRatePercent: '100' })).toEqual({});
    expect(bad({ interestMethod: 'simple' as never })).toHaveProperty('interestMethod');
  });
  it('fees: value in range, name, kind, when, by index', () => {
    const e = bad({
      fees: [
        { name: '', kind: 'processing', calc: 'percent', value: '101', when: 'deducted' },
        { name: 'Insurance', kind: 'x' as never, calc: 'fixed', value: '0.00', when: 'later' as never },
        { name: 'Insurance', kind: 'other', calc: 'fixed', value: '1000000.01', when: 'upfront' },
      ],
    });
    expect(Object.keys(e).sort()).toEqual(['fees.0.name', 'fees.0.value', 'fees.1.kind', 'fees.1.value', 'fees.1.when', 'fees.2.name', 'fees.2.value']);
  });
  it('penalty: grace days 0-90, stop months, value', () => {
    const e = bad({ penalty: { calc: 'percent', value: '0', graceDays: 91, stopMonthsAfterMaturity: -1 } });
    expect(Object.keys(e).sort()).toEqual(['penalty.graceDays', 'penalty.stopMonthsAfterMaturity', 'penalty.value']);
    expect(bad({ penalty: { calc: 'percent', value: '5', graceDays: 1.5, stopMonthsAfterMaturity: 3 } })).toHaveProperty(['penalty.graceDays']);
  });
  it('settlement rebate 0-100 %, flat only', () => {
    expect(bad({ settlementRebatePercent: '101' })).toHaveProperty('settlementRebatePercent');
    expect(bad({ interestMethod: 'declining', settlementRebatePercent: '10.00' })).toHaveProperty('settlementRebatePercent');
    expect(bad({ settlementRebatePercent: '10.00' })).toEqual({});
  });
});
