import { z } from 'zod';

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

/** A Zambian mobile in either form, stored and compared in one: `+260971234567`. */
export function mobileField(messages: { required?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? 'Must be a Zambian mobile number such as 0971234567 or +260971234567.';
  const required = messages.required ?? invalid;
  return z
    .string({ error: required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, required).regex(ZM_MOBILE_PATTERN, invalid).transform(normalizeMobile));
}

export const mobileSchema = mobileField();
