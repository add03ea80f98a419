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

/** Ngwee (integer minor units) to a decimal string with two places, exactly. */
export function ngweeToDecimal(ngwee: number | bigint): string {
  const v = BigInt(ngwee);
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A decimal string or number to integer ngwee, rounding half away from zero at the third place. */
export function decimalToNgwee(value: string | number): number {
  const s = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,}))?$/.exec(s);
  if (!m) throw new Error(`Not a decimal amount: ${value}`);
  const frac = (m[3] ?? '').padEnd(3, '0');
  let ngwee = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) ngwee += 1;
  return m[1] ? -ngwee : ngwee;
}
