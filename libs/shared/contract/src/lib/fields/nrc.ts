import { z } from 'zod';

/** NRC as printed on a Zambian national registration card: `123456/78/9`. */
export const NRC_PATTERN = /^\d{6}\/\d{2}\/\d$/;

/** An NRC, trimmed; `messages` lets the borrower form speak to the borrower. */
export function nrcField(messages: { required?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? 'Must be an NRC such as 123456/78/9.';
  const required = messages.required ?? invalid;
  return z.string({ error: required }).trim().min(1, required).regex(NRC_PATTERN, invalid);
}

export const nrcSchema = nrcField();
