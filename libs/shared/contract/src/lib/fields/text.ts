import { z } from 'zod';

/** Longest free-text search the api accepts. */
export const MAX_SEARCH_LENGTH = 100;
/** Longest ordinary one-line text field (names, employer, purpose...). */
export const MAX_TEXT_LENGTH = 255;
/** Longest multi-line text field (comments, terms, message bodies). */
export const MAX_LONG_TEXT_LENGTH = 10_000;

/*
 * PostgreSQL refuses U+0000 in text (the request would end in a 500), and no person types
 * the other C0 controls or DEL. One-line text refuses them all; multi-line text keeps tab
 * and line breaks (CR too: a form post sends a textarea's lines as CRLF).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const CONTROL_MESSAGE = 'Remove the control characters (such as NUL) from this text.';

export interface TextFieldOptions {
  /** Longest accepted length after trimming; MAX_TEXT_LENGTH, or MAX_LONG_TEXT_LENGTH when multi-line. */
  max?: number;
  /** Shortest accepted length after trimming; 0 unless given. */
  min?: number;
  /** Keep tab and line breaks. */
  multiline?: boolean;
  /** Leave leading and trailing white space as typed (e.g. a letter's terms). */
  keepSpaces?: boolean;
  messages?: {
    /** When the value is missing, not a string, or empty. */
    required?: string;
    /** When shorter than `min` (but not empty). */
    tooShort?: string;
    tooLong?: string;
  };
}

/**
 * Free text: trimmed, bounded, and free of control characters. A `min` of 1 or more makes
 * an empty value fail with `messages.required`.
 */
export function textField(options: TextFieldOptions = {}): z.ZodString {
  const { multiline = false, min = 0, messages = {} } = options;
  const max = options.max ?? (multiline ? MAX_LONG_TEXT_LENGTH : MAX_TEXT_LENGTH);
  const required = messages.required ?? 'Required.';
  let s = z.string({ error: required });
  if (!options.keepSpaces) s = s.trim();
  if (min > 0) s = s.min(1, required);
  if (min > 1) s = s.min(min, messages.tooShort ?? `Use at least ${min} characters.`);
  return s
    .max(max, messages.tooLong ?? `Use at most ${max} characters.`)
    .regex(multiline ? MULTI_LINE : ONE_LINE, CONTROL_MESSAGE);
}

/** A query parameter sent empty (`?search=`), or as JSON null, counts as absent. */
export function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/** The free-text search of a list: trimmed, at most MAX_SEARCH_LENGTH, absent when blank. */
export const searchParamSchema = blankAsAbsent(
  textField({
    max: MAX_SEARCH_LENGTH,
    messages: { tooLong: `At most ${MAX_SEARCH_LENGTH} characters.` },
  }),
);
