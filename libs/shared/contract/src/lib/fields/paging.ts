import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants';
import { wholeNumberField } from './ids';
import { blankAsAbsent } from './text';

/** Highest page number a list takes (far past any real list; bounds the offset). */
export const PAGE_MAX = 1_000_000;

/** 1-based page number, as digits or a JSON integer; 1 when absent. */
export const pageSchema = wholeNumberField(PAGE_MAX, `Must be a page number from 1 to ${PAGE_MAX}.`).default(1);

/** Rows per page: 15, 25, 50 or 100 (NOTES.md "Display"); 15 when absent. */
export const pageSizeSchema = wholeNumberField(Math.max(...PAGE_SIZES), `Must be one of ${PAGE_SIZES.join(', ')}.`)
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Must be one of ${PAGE_SIZES.join(', ')}.`)
  .default(DEFAULT_PAGE_SIZE);

/** `?page=2&pageSize=25`: spread into a list query's object. */
export const pageParams = { page: pageSchema, pageSize: pageSizeSchema };
export const pageParamsSchema = z.object(pageParams);
export type PageParams = z.output<typeof pageParamsSchema>;

export type SortDirection = 'asc' | 'desc';
export interface Sort<C extends string> {
  column: C;
  direction: SortDirection;
}

/** `?sort=created_at` (ascending) or `?sort=-created_at` (descending), among the given columns. */
export function sortField<const C extends readonly [string, ...string[]]>(columns: C) {
  const message = `Must be one of ${columns.join(', ')}, with a leading '-' for descending.`;
  return z.string({ error: message }).transform((v, ctx): Sort<C[number]> => {
    const desc = v.startsWith('-');
    const column = desc ? v.slice(1) : v;
    if (!columns.includes(column)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return { column: column as C[number], direction: desc ? 'desc' : 'asc' };
  });
}

/**
 * The one answer of every list endpoint. `total` only when it is exact and cheap; page
 * lists echo `page` and `pageSize`; keyset lists give `nextCursor` (null on the last page)
 * and, where they can go back, `prevCursor`.
 */
export interface ListEnvelope<T> {
  items: T[];
  total?: number;
  page?: number;
  pageSize?: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  const count = z.number().int().nonnegative();
  return z
    .object({
      items: z.array(item),
      total: count.optional(),
      page: z.number().int().min(1).optional(),
      pageSize: z.number().int().min(1).optional(),
      nextCursor: z.string().nullable().optional(),
      prevCursor: z.string().nullable().optional(),
    })
    .strict();
}

/**
 * Keyset position: created_at (the database's exact text) and id of the last row; for a
 * list in another order, also that order (`sort`, as sent: `-amount`) and the row's value
 * of its sort column (`key`, exact text), so a page seeks on (key, id) and a cursor of one
 * order is never read as another's.
 */
export interface ListCursor {
  createdAt: string;
  id: number;
  sort?: string;
  key?: string;
}

const CURSOR_SORT = /^-?[a-z_]{1,40}$/;

const CURSOR_CREATED_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Opaque, URL-safe cursor for keyset paging on (created_at DESC, id DESC) or another order. */
export function encodeCursor(cursor: ListCursor): string {
  const base: unknown[] = [cursor.createdAt, cursor.id];
  if (cursor.sort !== undefined) base.push(cursor.sort, cursor.key ?? '');
  return toBase64Url(JSON.stringify(base));
}

/** The cursor's position, or null when it is not one this api wrote. */
export function decodeCursor(value: string): ListCursor | null {
  const text = fromBase64Url(value);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || (parsed.length !== 2 && parsed.length !== 4)) return null;
    const [createdAt, id, sort, key] = parsed as unknown[];
    if (typeof createdAt !== 'string' || !CURSOR_CREATED_AT.test(createdAt)) return null;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    if (parsed.length === 2) return { createdAt, id };
    if (typeof sort !== 'string' || !CURSOR_SORT.test(sort) || typeof key !== 'string' || key.length > 64) return null;
    return { createdAt, id, sort, key };
  } catch {
    return null;
  }
}

/** `?cursor=`: the `nextCursor` of the previous page (keyset paging; wins over `page`). */
export const cursorParamSchema = blankAsAbsent(
  z
    .string()
    .max(200)
    .refine((s) => decodeCursor(s) !== null, 'Not a valid cursor.'),
);

/** `?page=&pageSize=&cursor=`: the paging of every keyset list. */
export const listPageParams = { ...pageParams, cursor: cursorParamSchema };
