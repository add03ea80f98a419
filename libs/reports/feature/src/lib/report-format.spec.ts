import { formatCompact } from '@loan/shared-ui';
import { formatHours, formatMonth, formatRate } from './report-format';

it('formats the reports figures', () => {
  expect(formatRate(0.6667)).toBe('66.7%');
  expect(formatRate(null)).toBe('—');
  expect(formatHours(15)).toBe('15.0 h');
  expect(formatHours(72)).toBe('3.0 d');
  expect(formatHours(null)).toBe('—');
  expect(formatMonth('2026-03')).toBe('Mar 2026');
  expect(formatCompact(950)).toBe('950');
  expect(formatCompact(12_500)).toBe('12.5k');
  expect(formatCompact(800_000)).toBe('800k');
  expect(formatCompact(3_386_100)).toBe('3.4M');
});
