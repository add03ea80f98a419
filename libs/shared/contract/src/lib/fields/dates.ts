import { z } from 'zod';

/** A business date, `YYYY-MM-DD` (no time, no zone). */
export const BUSINESS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as YYYY-MM-DD (`2026-02-30` is not one). */
export function isBusinessDate(s: string): boolean {
  if (!BUSINESS_DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function businessDateField(messages: { required?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? 'Must be a date such as 2026-01-31.';
  return z.string({ error: messages.required ?? invalid }).refine(isBusinessDate, invalid);
}

export const businessDateSchema = businessDateField();

/** An instant in an answer: ISO 8601 with a zone (`2026-01-31T08:00:00.000Z`). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A `fromDate`..`toDate` filter whose end is not before its start. */
export function withDateOrder<T extends z.ZodType<{ fromDate?: string; toDate?: string }>>(schema: T) {
  return schema.refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    path: ['toDate'],
    message: 'Must not be before fromDate.',
  });
}
