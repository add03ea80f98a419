import { CURRENCY } from '@loan/shared-contract';

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one money formatter: `ZMW 12,500.00`; zero and missing read `ZMW 0.00`.
 * Accepts numbers and the decimal strings the api sends for exact amounts.
 */
export function formatMoney(value: number | string | null | undefined): string {
  return `${CURRENCY} ${formatAmount(value)}`;
}

/** The amount alone, `12,500.00`, with thousands separators and two decimals. */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return formatter.format(n == null || !Number.isFinite(n) ? 0 : n);
}
