import { P, encodeCursor, type ListEnvelope, type LoanCursor } from '@loan/shared-contract';
import { and, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../http/session';

/** A keyset position: the sort key's exact text and the id of the last row seen. */
export type ListCursor = LoanCursor;

/** `%`, `_` and `\` match themselves in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** A LIKE pattern matching values that start with `text` (index-friendly with text_pattern_ops). */
export const likePrefix = (text: string): string => `${likeEscape(text)}%`;

/** Mobile prefixes as stored (+260XXXXXXXXX) for what a user types: 097..., 26097..., +26097..., 97... */
export function mobilePrefix(term: string): string | undefined {
  const t = term.replace(/[\s-]/g, '');
  if (!/^\+?\d{2,13}$/.test(t)) return undefined;
  if (t.startsWith('+')) return t;
  if (t.startsWith('260')) return `+${t}`;
  if (t.startsWith('0')) return `+260${t.slice(1)}`;
  return `+260${t}`;
}

/** A LIKE pattern matching values that contain `text`. */
export const likeContains = (text: string): string => `%${likeEscape(text)}%`;

/**
 * Which branches' records a user may see (NOTES.md: without `can view all branches` only
 * their own branch, in every list, details page, report and dashboard figure). A user
 * without a branch and without the permission sees nothing branch-bound.
 */
export type BranchScope = { all: true } | { all: false; branchId: number | null };

export function branchScope(user: Pick<SessionUser, 'permissions' | 'branchId'>): BranchScope {
  return user.permissions.has(P.viewAllBranches) ? { all: true } : { all: false, branchId: user.branchId };
}

/**
 * The WHERE condition that keeps a query inside the scope, on the branch column of its
 * main table; `undefined` when the scope is every branch (so callers can `and()` it).
 */
export function scopeCondition(scope: BranchScope, branchColumn: AnyColumn | SQL): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.branchId === null) return sql`false`;
  return sql`${branchColumn} = ${scope.branchId}`;
}

/** A filter value as a list's query gives it: absent (`undefined`, `null` or `''`) when not set. */
export type FilterValue = string | number | boolean | null | undefined;

/**
 * The WHERE of a list and of its export, one shape for every list: the branch scope on
 * the main table's branch column, the search as a contains-match on any of `searchIn`
 * (wildcards in the text match themselves), `column = value` for each of `equals` whose
 * value is set, and the list's other filters, where an `undefined` one (a filter not set)
 * is left out. `undefined` when nothing narrows.
 */
export function listFilter(opts: {
  scope: BranchScope;
  branchColumn: AnyColumn | SQL;
  search?: string | null;
  /** Columns searched for the term as a substring (ILIKE, LIKE characters as text)... */
  searchIn?: readonly (AnyColumn | SQL)[];
  /** ...or the list's own search condition (e.g. prefix searches its indexes serve). */
  searchBy?: (term: string) => SQL;
  equals?: readonly (readonly [AnyColumn, FilterValue])[];
  filters?: readonly (SQL | undefined)[];
}): SQL | undefined {
  const { search } = opts;
  return and(
    scopeCondition(opts.scope, opts.branchColumn),
    search && opts.searchBy ? opts.searchBy(search) : undefined,
    search && !opts.searchBy && opts.searchIn?.length ? or(...opts.searchIn.map((c) => ilike(c, likeContains(search)))) : undefined,
    ...(opts.equals ?? []).map(([column, value]) => (value === undefined || value === null || value === '' ? undefined : eq(column, value))),
    ...(opts.filters ?? []),
  );
}

/** Whether one record (by its branch id) is inside the scope: for details pages and writes. */
export function inScope(scope: BranchScope, branchId: number | null | undefined): boolean {
  return scope.all || (scope.branchId !== null && branchId === scope.branchId);
}

/**
 * A branch filter narrowed to the scope: `undefined` = every branch the scope allows
 * (all, or the user's own), a number = that branch, `null` = nothing (a branch that does
 * not exist, or one outside the scope). Lists and figures pass their branch filter
 * through this, so a user without `can view all branches` never sees another branch.
 */
export function narrowToScope(scope: BranchScope, branchId: number | undefined | null): number | undefined | null {
  if (scope.all || branchId === null) return branchId;
  if (scope.branchId === null) return null;
  if (branchId === undefined) return scope.branchId;
  return branchId === scope.branchId ? branchId : null;
}

/**
 * Keyset paging, newest first on (sort key DESC, id DESC): the rows after a cursor's
 * position. The cursor is the contract's (encodeCursor/decodeCursor), holding the sort
 * key as the database's exact timestamp text so the seek lands on the same microsecond.
 */
export function keysetAfter(sortKey: AnyColumn | SQL, id: AnyColumn | SQL, cursor: ListCursor): SQL {
  return keysetSeek(sortKey, id, sql`${cursor.createdAt}::timestamptz`, cursor.id, 'desc');
}

/**
 * Keyset paging in any order on (sort key, id), both in `direction`: the rows after the
 * position (`keyValue` as SQL with its cast, e.g. sql`${text}::numeric`, and the id).
 */
export function keysetSeek(
  sortKey: AnyColumn | SQL,
  id: AnyColumn | SQL,
  keyValue: SQL,
  afterId: number,
  direction: 'asc' | 'desc',
): SQL {
  return direction === 'desc'
    ? sql`(${sortKey}, ${id}) < (${keyValue}, ${afterId})`
    : sql`(${sortKey}, ${id}) > (${keyValue}, ${afterId})`;
}

/**
 * The one list envelope (contract `ListEnvelope`) of a keyset page read with one row
 * more than the page size: the extra row only says that more follow.
 */
export function keysetEnvelope<R, T>(
  rows: readonly R[],
  args: { page: number; pageSize: number },
  map: (row: R) => T,
  positionOf: (row: R) => ListCursor,
  total?: number,
): ListEnvelope<T> {
  const more = rows.length > args.pageSize;
  const page = rows.slice(0, args.pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    ...(total === undefined ? {} : { total }),
    page: args.page,
    pageSize: args.pageSize,
    nextCursor: more && last !== undefined ? encodeCursor(positionOf(last)) : null,
  };
}
