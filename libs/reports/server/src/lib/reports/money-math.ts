/** Exact money arithmetic on the wire's two-decimal strings, in ngwee (bigint). */
export const ngwee = (money: string): bigint => BigInt(money.replace('.', ''));

export const fromNgwee = (n: bigint): string => {
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

export const addMoney = (...xs: string[]): string => fromNgwee(xs.reduce((s, x) => s + ngwee(x), 0n));

/** part / whole to four decimals (half up), exact; null when whole is zero. */
export function share(part: string, whole: string): number | null {
  const w = ngwee(whole);
  if (w === 0n) return null;
  const scaled = (ngwee(part) * 100_000n) / w;
  return Number((scaled + 5n) / 10n) / 10_000;
}
