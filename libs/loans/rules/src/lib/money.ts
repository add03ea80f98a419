// Exact arithmetic helpers: decimal strings as rationals, rounding of bigint ratios, ISO dates.
import type { Ngwee, Part, Parts } from './types';
import { PARTS, RuleError } from './types';

/** A non-negative rational num/den (den > 0). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;

/** "4.25" -> 425/100 (exact). Throws RuleError 'invalid_decimal' on anything else. */
export function parseDecimal(s: string, field?: string): Ratio {
  if (typeof s !== 'string' || !DECIMAL.test(s.trim())) throw new RuleError('invalid_decimal', `Not a decimal number: ${String(s)}`, field);
  const [int, frac = ''] = s.trim().split('.');
  return { num: BigInt(int + frac), den: 10n ** BigInt(frac.length) };
}

/** A percent string as a ratio of one: "4.00" -> 4/100. */
export function percent(s: string, field?: string): Ratio {
  const r = parseDecimal(s, field);
  return { num: r.num, den: r.den * 100n };
}

/** Half-up rounding of num/den to an integer, for num >= 0, den > 0 (negatives: half away from zero). */
export function divRound(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RuleError('invalid_division', 'division by a non-positive number');
  if (num < 0n) return -divRound(-num, den);
  return (2n * num + den) / (2n * den);
}

/** Ceiling of num/den for num >= 0. */
export function divCeil(num: bigint, den: bigint): bigint {
  if (num < 0n) return -((-num) / den);
  return (num + den - 1n) / den;
}

/** amount x ratio, rounded half-up to the ngwee. */
export function mulRatio(amount: Ngwee, r: Ratio): Ngwee {
  return divRound(amount * r.num, r.den);
}

/** ZMW decimal string -> ngwee ("150.00" -> 15000n); at most 2 decimals. */
export function zmwToNgwee(s: string, field?: string): Ngwee {
  const r = parseDecimal(s, field);
  const scaled = r.num * 100n;
  if (scaled % r.den !== 0n) throw new RuleError('invalid_money', `More than 2 decimals: ${s}`, field);
  return scaled / r.den;
}

export const sumParts = (p: Parts): Ngwee => p.principal + p.interest + p.fees + p.penalty;
export const addParts = (a: Parts, b: Parts): Parts => ({
  principal: a.principal + b.principal,
  interest: a.interest + b.interest,
  fees: a.fees + b.fees,
  penalty: a.penalty + b.penalty,
});
export const negParts = (a: Parts): Parts => ({ principal: -a.principal, interest: -a.interest, fees: -a.fees, penalty: -a.penalty });
export const copyParts = (a: Parts): Parts => ({ ...a });
export const isZeroParts = (a: Parts): boolean => PARTS.every((k: Part) => a[k] === 0n);

export const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

// ---- dates (proleptic Gregorian, no time zones: business dates are already Lusaka dates) ----

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIso(iso: string): [number, number, number] {
  const m = ISO.exec(iso);
  if (!m) throw new RuleError('invalid_date', `Not a date (YYYY-MM-DD): ${iso}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new RuleError('invalid_date', `Not a date: ${iso}`);
  return [y, mo, d];
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const fmt = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

/**
 * isoDate + n months, the day clamped to the month's last day (PostgreSQL's
 * `d + make_interval(months => n)`): 2026-01-31 + 1 = 2026-02-28, 2024-01-31 + 1 = 2024-02-29.
 */
export function addMonths(isoDate: string, n: number): string {
  if (!Number.isInteger(n)) throw new RuleError('invalid_months', `Not a whole number of months: ${n}`);
  const [y, m, d] = parseIso(isoDate);
  const idx = y * 12 + (m - 1) + n;
  const ny = Math.floor(idx / 12);
  const nm = idx - ny * 12 + 1;
  return fmt(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Days since 1970-01-01 (UTC calendar arithmetic only, no clock). */
export function dayNumber(isoDate: string): number {
  const [y, m, d] = parseIso(isoDate);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

export function addDays(isoDate: string, n: number): string {
  const t = new Date((dayNumber(isoDate) + n) * 86_400_000);
  return fmt(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** b - a in days. */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

export function assertIsoDate(isoDate: string, field?: string): void {
  try {
    parseIso(isoDate);
  } catch {
    throw new RuleError('invalid_date', `Not a date (YYYY-MM-DD): ${isoDate}`, field);
  }
}
