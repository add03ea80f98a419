import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

/**
 * Building blocks shared by every domain's request schemas, so ids, pages and
 * free-text fields are bounded the same way everywhere (the api answers 422
 * with field errors when one of these fails).
 */

/** Longest free-text search the api accepts. */
export const MAX_SEARCH_LENGTH = 100;
/** Longest ordinary text field (names, employer, purpose...). */
export const MAX_TEXT_LENGTH = 255;
/** Longest long-text field (comments, terms, message bodies). */
export const MAX_LONG_TEXT_LENGTH = 10_000;

/** A positive database id, from a path/query string or a JSON number. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** `{ ids: [1, 2] }`: the body of the spec's DELETE /delete calls (also accepts a single id). */
export const idsBodySchema = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(idSchema).min(1).max(1000)),
});
export type IdsBody = z.infer<typeof idsBodySchema>;

/** Page number (1-based) and page size (15, 25, 50, 100; NOTES.md "Display"). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `per_page must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const searchTextSchema = z.string().trim().max(MAX_SEARCH_LENGTH);
export const textSchema = z.string().trim().max(MAX_TEXT_LENGTH);
export const longTextSchema = z.string().max(MAX_LONG_TEXT_LENGTH);

/** `YYYY-MM-DD`. */
export const dateStringSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.');

/**
 * An amount of money as sent by a form: a number or a decimal string with at most two
 * decimals, 0 to 99,999,999,999.99. The api stores it exactly (numeric(14,2)) and
 * answers amounts as decimal strings ('12500.00').
 */
export const moneySchema = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v))
  .pipe(z.string().regex(/^\d{1,11}(\.\d{1,2})?$/, 'Enter an amount with at most two decimals.'));

/** A page of rows, as every list endpoint answers. */
export interface Paged<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** The error body of the api: 422 carries field errors, every other error only a message. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
