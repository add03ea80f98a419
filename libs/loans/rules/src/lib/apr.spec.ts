import { apr, keyFacts } from './apr';
import type { FeeRule } from './types';
import { terms, z } from './test-kit';

// Expected figures computed independently by libs/loans/rules/scripts/apr_figures.py (python3, Decimal
// with 60 digits): the schedule re-derived from the written rules (flat: interest half-up, instalment
// rounded up, last the rest; declining: annuity half-up, interest on the outstanding, last clears),
// then the monthly IRR by 200 bisection steps of NPV(payout - upfront fees at month 0, instalment k at
// month k) = 0; APR = 12 x IRR, EAR = (1 + IRR)^12 - 1.
const fee = (name: string, calc: FeeRule['calc'], value: string, when: FeeRule['when']): FeeRule => ({ name, kind: 'other', calc, value, when });
const cases = [
  { name: 'flat 4 % 10000.00 x 6, no fees', t: terms(), amount: '10000.00', n: 6, irr: 0.065152947137, apr: 0.781835365639, ear: 1.132768314882, first: '2066.67', last: '2066.65' },
  { name: 'flat 5 % 5000.00 x 12, 3 % deducted', t: terms({ monthlyRatePercent: '5.00', fees: [fee('Processing', 'percent', '3.00', 'deducted')] }), amount: '5000.00', n: 12, irr: 0.086871316209, apr: 1.042455794509, ear: 1.71729962256, first: '666.67', last: '666.63' },
  { name: 'declining 4 % 10000.00 x 12, no fees', t: terms({ interestMethod: 'declining' }), amount: '10000.00', n: 12, irr: 0.039999935977, apr: 0.479999231726, ear: 0.601031035846, first: '1065.52', last: '1065.54' },
  {
    name: 'declining 3.5 % 20000.00 x 24, 2.5 % deducted + 150.00 capitalised',
    t: terms({ interestMethod: 'declining', monthlyRatePercent: '3.50', fees: [fee('Processing', 'percent', '2.50', 'deducted'), fee('Insurance', 'fixed', '150.00', 'capitalised')] }),
    amount: '20000.00', n: 24, irr: 0.037908605933, apr: 0.454903271201, ear: 0.562821422078, first: '1251.71', last: '1251.54',
  },
  {
    name: 'flat 4 % 8000.00 x 3, 200.00 upfront + 1 % capitalised',
    t: terms({ fees: [fee('Application', 'fixed', '200.00', 'upfront'), fee('Insurance', 'percent', '1.00', 'capitalised')] }),
    amount: '8000.00', n: 3, irr: 0.077557944176, apr: 0.930695330107, ear: 1.450685586322, first: '3013.34', last: '3013.32',
  },
];

describe('keyFacts / apr against independently computed figures', () => {
  it.each(cases)('$name', (c) => {
    const k = keyFacts(c.t, z(c.amount), c.n, '2026-01-15');
    expect(k.instalmentAmount).toBe(z(c.first));
    expect(k.lastInstalmentAmount).toBe(z(c.last));
    expect(k.monthlyIrr).toBeCloseTo(c.irr, 10);
    expect(k.apr).toBeCloseTo(c.apr, 9);
    expect(k.ear).toBeCloseTo(c.ear, 9);
    expect(k.aprPercent).toBe((Math.round(c.apr * 10000) / 100).toFixed(2));
  });
  it('lists the fees by name, payout, totals, first due date and penalty terms', () => {
    const k = keyFacts(
      terms({ monthlyRatePercent: '5.00', fees: [fee('Processing', 'percent', '3.00', 'deducted')], penalty: { calc: 'percent', value: '5.00', graceDays: 3, stopMonthsAfterMaturity: 3 } }),
      z('5000.00'), 12, '2026-01-31',
    );
    expect(k).toMatchObject({ amount: z('5000.00'), payout: z('4850.00'), totalFees: z('150.00'), totalInterest: z('3000.00'), totalRepayable: z('8000.00'), instalments: 12, firstDueDate: '2026-02-28', aprPercent: '104.25', earPercent: '171.73' });
    expect(k.fees).toEqual([{ name: 'Processing', kind: 'other', when: 'deducted', amount: z('150.00') }]);
    expect(k.penaltyTerms).toMatch(/5.00% a month/);
  });
});

describe('apr', () => {
  it('a zero-interest loan has a zero rate; 100 now for 110 in a month is 10 % a month', () => {
    expect(apr([{ month: 0, amount: 1000n }, { month: 1, amount: -500n }, { month: 2, amount: -500n }]).monthlyIrr).toBeCloseTo(0, 12);
    const r = apr([{ month: 0, amount: -10000n }, { month: 1, amount: 11000n }]);
    expect(r.monthlyIrr).toBeCloseTo(0.1, 12);
    expect(r.apr).toBeCloseTo(1.2, 12);
    expect(r.ear).toBeCloseTo(Math.pow(1.1, 12) - 1, 10);
  });
  it('refuses flows all one way', () => {
    expect(() => apr([{ month: 0, amount: 1n }])).toThrow(expect.objectContaining({ code: 'no_irr' }));
  });
});
