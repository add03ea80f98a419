import { MONTHS } from './constants';
import {
  cardStatsSchema,
  emptyCountsByMonth,
  dashboardMonthSchema,
  monthlyGraphStatsSchema,
  monthlyStatsQuerySchema,
} from './dashboard';

describe('dashboard contract', () => {
  it('accepts exactly the month codes of MONTHS', () => {
    expect([...dashboardMonthSchema.options].sort()).toEqual(MONTHS.map((m) => m.code));
  });

  it('validates the monthly query', () => {
    expect(monthlyStatsQuerySchema.safeParse({ month: '03', year: '2026' }).success).toBe(true);
    expect(monthlyStatsQuerySchema.safeParse({ month: '', year: '2026' }).success).toBe(true);
    expect(monthlyStatsQuerySchema.safeParse({}).success).toBe(true);
    expect(monthlyStatsQuerySchema.safeParse({ month: '13' }).success).toBe(false);
    expect(monthlyStatsQuerySchema.safeParse({ month: '3' }).success).toBe(false);
    expect(monthlyStatsQuerySchema.safeParse({ year: '26' }).success).toBe(false);
    expect(monthlyStatsQuerySchema.safeParse({ year: '1500' }).success).toBe(false);
  });

  it('keys the graph by jan..dec and requires exact money strings on cards', () => {
    const months = emptyCountsByMonth();
    expect(Object.keys(months)).toEqual(MONTHS.map((m) => m.abbr));
    expect(
      monthlyGraphStatsSchema.safeParse({ topUps: months, applications: months, selected_month: null, year: '2026' })
        .success,
    ).toBe(true);
    const card = {
      applicationsRequestsMoney: '12500.00',
      applicationsRequestsCount: 1,
      applicationsRejectedMoney: '0.00',
      applicationsRejectedCount: 0,
      applicationsApprovedMoney: '0.00',
      applicationsApprovedCount: 0,
      offerLetterPendingCount: 0,
      offerLetterExpiredCount: 0,
      offerLetterSignedCount: 0,
      selected_month: '01',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
    };
    expect(cardStatsSchema.safeParse(card).success).toBe(true);
    expect(cardStatsSchema.safeParse({ ...card, applicationsRequestsMoney: 12500 }).success).toBe(false);
    expect(cardStatsSchema.safeParse({ ...card, applicationsRequestsMoney: '12500.5' }).success).toBe(false);
  });
});
