import { z } from 'zod';
import { ZM_MOBILE_PATTERN, normalizeMobile } from './mobile-format';

export { ZM_MOBILE_PATTERN, normalizeMobile, maskMobile } from './mobile-format';

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
