// Money values without zod (the wire form, ngwee arithmetic, typed amounts): screens that
// only show or compare amounts import these without pulling zod into their chunk.
import { CURRENCY } from '../constants';

/*
 * Money travels as a decimal string with exactly two places ('12500.00') and is counted
 * inside as integer ngwee (bigint: a product of an amount, a rate and months passes 2^53).
 * Nothing in between is a float.
 */

/** The wire form of an amount, as every answer carries it. */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;
/** Largest amount one field holds: numeric(14,2), ZMW 999,999,999,999.99. */
export const MONEY_MAX_NGWEE = 99_999_999_999_999n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** `'12500.5'` -> `1250050n`, exactly. Throws on anything but digits with at most two decimals. */
export function toNgwee(decimal: string): bigint {
  const m = DECIMAL.exec(decimal);
  if (!m) throw new RangeError(`Not an amount with at most two decimals: ${JSON.stringify(decimal)}`);
  const ngwee = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -ngwee : ngwee;
}

/** `1250050n` -> `'12500.50'`. A number must be a safe integer (ngwee are whole). */
export function fromNgwee(ngwee: bigint | number): string {
  if (typeof ngwee === 'number' && !Number.isSafeInteger(ngwee))
    throw new RangeError(`Not a whole number of ngwee: ${ngwee}`);
  const v = BigInt(ngwee);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The exact sum of wire amounts: `sumMoney('0.10', '0.20')` is `'0.30'`; no amounts sum to `'0.00'`. */
export function sumMoney(...amounts: string[]): string {
  return fromNgwee(amounts.reduce((total, a) => total + toNgwee(a), 0n));
}

/** An amount as typed: `12,500`, `12500.5`. */
export const TYPED_MONEY_PATTERN = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * An amount as a person types it (`12,500`, `12500.5`) in the wire form (`'12500.50'`), or
 * null when it is not one: for screens that show or compare a typed amount before sending.
 */
export function parseTypedMoney(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return TYPED_MONEY_PATTERN.test(t) ? fromNgwee(toNgwee(t.replace(/,/g, ''))) : null;
}


const SHOWN = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * The amount alone, `12,500.00`: thousands separators, two decimals (NOTES.md "Display").
 * Exact for the wire's decimal strings (no float in between; more than two decimals round half
 * up); numbers are taken to two decimals first. Missing or not an amount reads `0.00`.
 */
export function formatAmount(value: number | string | null | undefined): string {
  let text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '0') : (value ?? '').trim();
  if (!SHOWN.test(text)) {
    const n = Number(text);
    text = text !== '' && Number.isFinite(n) ? n.toFixed(2) : '0';
  }
  const m = SHOWN.exec(text) as RegExpExecArray;
  const frac = m[3] ?? '';
  let cents = BigInt(m[2]) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  if (frac.length > 2 && frac[2] >= '5') cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${m[1] && cents > 0n ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * The one money formatter, for screens, SMS, CSV, receipts and messages alike: `ZMW 12,500.00`;
 * zero and missing read `ZMW 0.00`. (`formatMoney` of @loan/shared-util-format is this one.)
 */
export function formatMoney(value: number | string | null | undefined): string {
  return `${CURRENCY} ${formatAmount(value)}`;
}
