import fc from 'fast-check';
import { flatRateQuote } from '@loan/shared-contract';
import { addMonths } from './money';
import { annuityPayment, calculatorQuote, equalTotals, generateSchedule, legacyFlatSchedule } from './schedule';
import { RuleError } from './types';
import { terms, z } from './test-kit';

const totals = (s: { instalments: { principal: bigint; interest: bigint; fees: bigint }[] }) =>
  s.instalments.map((i) => i.principal + i.interest + i.fees);

describe('addMonths (PostgreSQL d + make_interval(months => n))', () => {
  it('clamps month ends, counts from the original date', () => {
    expect(addMonths('2026-01-30', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-30', 2)).toBe('2026-03-30');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 3)).toBe('2024-04-30');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 25)).toBe('2028-02-29');
  });
});

describe('legacyFlatSchedule = migration 0840 (figures from PostgreSQL: loan_cumulative_due, d + make_interval)', () => {
  it('6500.00 over 6 from 2026-01-30: 1083.34 x 5 and 1083.30, due 02-28, 03-30, 04-30, 05-30, 06-30, 07-30', () => {
    const s = legacyFlatSchedule(z('5000.00'), z('6500.00'), 6, '2026-01-30');
    expect(totals(s)).toEqual([...Array(5).fill(z('1083.34')), z('1083.30')]);
    expect(s.instalments.map((i) => i.dueDate)).toEqual(['2026-02-28', '2026-03-30', '2026-04-30', '2026-05-30', '2026-06-30', '2026-07-30']);
    // interest 1500.00 spread equally: 250.00 each; principal = total - interest
    expect(s.instalments.map((i) => i.interest)).toEqual(Array(6).fill(z('250.00')));
    expect(s.instalments.map((i) => i.principal)).toEqual([...Array(5).fill(z('833.34')), z('833.30')]);
    expect(s.principal).toBe(z('5000.00'));
    expect(s.totalInterest).toBe(z('1500.00'));
    expect(s.totalRepayable).toBe(z('6500.00'));
    expect(s.payout).toBe(z('5000.00'));
  });
  it('1000.01 over 7 from 2024-01-31: 142.86 x 6 and 142.85, leap February', () => {
    const s = legacyFlatSchedule(z('800.00'), z('1000.01'), 7, '2024-01-31');
    expect(totals(s)).toEqual([...Array(6).fill(z('142.86')), z('142.85')]);
    expect(s.instalments.map((i) => i.dueDate)).toEqual(['2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30', '2024-07-31', '2024-08-31']);
    // interest 200.01: 28.57 x 6 and 28.59 (the last takes the rest)
    expect(s.instalments.map((i) => i.interest)).toEqual([...Array(6).fill(z('28.57')), z('28.59')]);
  });
  it('a tiny total: 0.04 over 6 is 0.01 x 4 then zeros (0840 caps the cumulative at the total)', () => {
    const s = legacyFlatSchedule(z('0.02'), z('0.04'), 6, '2026-01-01');
    expect(totals(s)).toEqual([1n, 1n, 1n, 1n, 0n, 0n]);
    expect(s.instalments.reduce((a, i) => a + i.interest, 0n)).toBe(2n);
    for (const i of s.instalments) expect(i.principal >= 0n && i.interest >= 0n).toBe(true);
  });
  it('interest never exceeds its instalment: the excess of the last moves to the ones before', () => {
    // total 0.10 over 6: instalments 0.02 x 5 and 0.00; interest 0.09: round(1.5) = 0.02 each would leave
    // -0.01 for the last: the cumulative interest is capped by what the instalments hold and by the interest
    const s = legacyFlatSchedule(z('0.01'), z('0.10'), 6, '2026-01-01');
    expect(totals(s)).toEqual([2n, 2n, 2n, 2n, 2n, 0n]);
    expect(s.instalments.map((i) => i.interest)).toEqual([2n, 2n, 2n, 2n, 1n, 0n]);
    // interest 0.02 of total 0.03 over 4 (1710's first SQL gave the last instalment -0.01 of interest)
    const t = legacyFlatSchedule(z('0.01'), z('0.03'), 4, '2026-01-01');
    expect(t.instalments.map((i) => [i.principal, i.interest])).toEqual([[0n, 1n], [0n, 1n], [1n, 0n], [0n, 0n]]);
    expect(s.instalments.reduce((a, i) => a + i.principal, 0n)).toBe(1n);
  });
  it('interest is spread half-up: 1000.00 over 6 is 166.67 x 5 and 166.65', () => {
    const s = legacyFlatSchedule(z('5000.00'), z('6000.00'), 6, '2026-01-01');
    expect(s.instalments.map((i) => i.interest)).toEqual([...Array(5).fill(z('166.67')), z('166.65')]);
  });
  it('equalTotals is 0840 loan_cumulative_due differences', () => {
    expect(equalTotals(650000n, 6)).toEqual([108334n, 108334n, 108334n, 108334n, 108334n, 108330n]);
  });
});

describe('generateSchedule: flat reproduces the calculator (flatRateQuote of the contract)', () => {
  it('10000.00 at 4 % over 6: interest 2400.00, instalment 2066.67, last 2066.65', () => {
    const s = generateSchedule(terms(), z('10000.00'), 6, '2026-01-15');
    expect(s.totalInterest).toBe(z('2400.00'));
    expect(totals(s)).toEqual([...Array(5).fill(z('2066.67')), z('2066.65')]);
    expect(s.instalments.map((i) => i.interest)).toEqual(Array(6).fill(z('400.00')));
    expect(s.instalments.reduce((a, i) => a + i.principal, 0n)).toBe(z('10000.00'));
    expect(s.instalments[0].dueDate).toBe('2026-02-15');
  });
  it('rounds the interest half-up: 1234.57 at 3.33 % over 7 = 287.78 (287.7783 rounds up), instalment ceil(1522.35/7)=217.48', () => {
    const s = generateSchedule(terms({ monthlyRatePercent: '3.33' }), z('1234.57'), 7, '2026-01-15');
    expect(s.totalInterest).toBe(z('287.78'));
    expect(totals(s)).toEqual([...Array(6).fill(z('217.48')), z('217.47')]);
  });
  it('fees: percent deducted reduces the payout; fixed capitalised is a fees part spread equally; upfront is not scheduled', () => {
    const s = generateSchedule(
      terms({
        fees: [
          { name: 'Processing', kind: 'processing', calc: 'percent', value: '2.50', when: 'deducted' },
          { name: 'Insurance', kind: 'insurance', calc: 'fixed', value: '100.00', when: 'capitalised' },
          { name: 'Application', kind: 'other', calc: 'fixed', value: '50.00', when: 'upfront' },
        ],
      }),
      z('6000.00'),
      3,
      '2026-01-31',
    );
    expect(s.feesDeducted).toBe(z('150.00'));
    expect(s.payout).toBe(z('5850.00'));
    expect(s.feesCapitalised).toBe(z('100.00'));
    expect(s.feesUpfront).toBe(z('50.00'));
    expect(s.feesByName.map((f) => [f.name, f.amount])).toEqual([['Processing', z('150.00')], ['Insurance', z('100.00')], ['Application', z('50.00')]]);
    expect(s.instalments.map((i) => i.fees)).toEqual([z('33.33'), z('33.33'), z('33.34')]);
    // total = 6000 + 720 interest + 100 fees = 6820.00 -> 2273.34, 2273.34, 2273.32
    expect(totals(s)).toEqual([z('2273.34'), z('2273.34'), z('2273.32')]);
    expect(s.instalments.reduce((a, i) => a + i.principal, 0n)).toBe(z('6000.00'));
    expect(s.instalments.map((i) => i.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });
  it('refuses deducted fees that leave nothing to pay out, a zero amount, a bad tenure', () => {
    const t = terms({ fees: [{ name: 'F', kind: 'other', calc: 'fixed', value: '100.00', when: 'deducted' }] });
    expect(() => generateSchedule(t, z('100.00'), 3, '2026-01-01')).toThrow(RuleError);
    expect(() => generateSchedule(terms(), 0n, 3, '2026-01-01')).toThrow(/more than zero/);
    expect(() => generateSchedule(terms(), z('1.00'), 0, '2026-01-01')).toThrow(/tenure/);
  });
});

describe('generateSchedule: declining balance (annuity)', () => {
  it('10000.00 at 4 % over 12: payment 1065.52 (10000 x 0.04 / (1 - 1.04^-12) = 1065.5218...), interest on the outstanding', () => {
    expect(annuityPayment(z('10000.00'), { num: 4n, den: 100n }, 12)).toBe(z('1065.52'));
    const s = generateSchedule(terms({ interestMethod: 'declining' }), z('10000.00'), 12, '2026-01-15');
    const t = totals(s);
    expect(t.slice(0, 11)).toEqual(Array(11).fill(z('1065.52')));
    expect(t[11]).toBe(z('1065.54'));
    expect(s.instalments[0].interest).toBe(z('400.00'));
    expect(s.instalments[0].principal).toBe(z('665.52'));
    expect(s.instalments[1].interest).toBe(z('373.38')); // 9334.48 x 4 % = 373.3792
    expect(s.instalments.reduce((a, i) => a + i.principal, 0n)).toBe(z('10000.00'));
    expect(s.totalInterest).toBe(z('2786.26'));
  });
  it('a zero rate: equal principal, no interest', () => {
    const s = generateSchedule(terms({ interestMethod: 'declining', monthlyRatePercent: '0' }), z('100.00'), 3, '2026-01-15');
    expect(totals(s)).toEqual([z('33.33'), z('33.33'), z('33.34')]);
    expect(s.totalInterest).toBe(0n);
  });
});

describe('calculatorQuote', () => {
  it('the figures /apply shows', () => {
    const q = calculatorQuote(terms(), z('10000.00'), 6, '2026-01-15');
    expect(q).toMatchObject({ instalment: z('2066.67'), lastInstalment: z('2066.65'), instalments: 6, totalInterest: z('2400.00'), totalRepayable: z('12400.00'), payout: z('10000.00'), firstDueDate: '2026-02-15' });
  });
});

describe('flat = the calculator of today (flatRateQuote of @loan/shared-contract), for any amount, rate, tenure', () => {
  it('same interest, total and instalment', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_00n }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 10_000 }), (amount, months, bps) => {
        const q = flatRateQuote(amount, months, bps);
        const s = generateSchedule(terms({ monthlyRatePercent: (bps / 100).toFixed(2) }), amount, months, '2026-01-31');
        expect(s.totalInterest).toBe(q.interest);
        expect(s.totalRepayable).toBe(q.total);
        expect(s.instalments[0].principal + s.instalments[0].interest).toBe(q.instalment < q.total ? q.instalment : q.total);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
