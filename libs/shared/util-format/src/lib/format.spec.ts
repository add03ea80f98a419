import { formatAmount, formatMoney } from './money';
import { formatDate, formatTime, toIsoDate } from './dates';
import { pageTitle } from './title';

describe('money', () => {
  it('formats with the currency, thousands separators and two decimals', () => {
    expect(formatMoney(12500)).toBe('ZMW 12,500.00');
    expect(formatMoney('1234567.5')).toBe('ZMW 1,234,567.50');
    expect(formatMoney(999)).toBe('ZMW 999.00');
  });
  it('reads zero, null and garbage as ZMW 0.00', () => {
    expect(formatMoney(0)).toBe('ZMW 0.00');
    expect(formatMoney(null)).toBe('ZMW 0.00');
    expect(formatMoney('abc')).toBe('ZMW 0.00');
    expect(formatAmount(undefined)).toBe('0.00');
  });
});

describe('dates', () => {
  it('formats dates and 24-hour times', () => {
    expect(formatDate('2026-11-21T14:05:00')).toBe('21 Nov 2026');
    expect(formatTime(new Date(2026, 10, 21, 14, 5))).toBe('14:05');
    expect(toIsoDate(new Date(2026, 0, 2))).toBe('2026-01-02');
    expect(formatDate(null)).toBe('—');
  });
});

describe('page title', () => {
  it('appends the portal name, or stands alone', () => {
    expect(pageTitle('Dashboard')).toBe('Dashboard - Portal');
    expect(pageTitle(undefined)).toBe('Portal');
    expect(pageTitle('  ')).toBe('Portal');
  });
});
