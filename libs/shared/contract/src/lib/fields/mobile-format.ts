// Mobile numbers without zod: screens that show or compare numbers import these alone.

/** Zambian mobile: `+260` or `0`, then 9 digits (after dropping spaces and dashes). */
export const ZM_MOBILE_PATTERN = /^(?:\+260|0)\d{9}$/;

/** `0971234567`, `+260 97 123 4567` -> `+260971234567`. Returns the input when it is not a mobile. */
export function normalizeMobile(mobile: string): string {
  const s = mobile.replace(/[\s-]/g, '');
  if (/^0\d{9}$/.test(s)) return `+260${s.slice(1)}`;
  return s;
}

/** `+260971234567` -> `+260 97 *** 4567`, for messages that must not leak the full number. */
export function maskMobile(mobile: string): string {
  const m = normalizeMobile(mobile);
  return m.length === 13 ? `${m.slice(0, 4)} ${m.slice(4, 6)} *** ${m.slice(9)}` : m;
}
