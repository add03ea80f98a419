import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { ACCOUNTING_PATHS, encodeCursor, type GlAccount, type ListEnvelope } from '@loan/shared-contract';

/** One gl account as the api answers it; `n` makes each one different (a day apart, newest is n = 40). */
export function makeGlAccount(n: number, overrides: Partial<GlAccount> = {}): GlAccount {
  return {
    id: n,
    name: `Gl account ${n}`,
    branch_id: (n % 3) + 1,
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

/** 40 records. */
export const glAccountRows: GlAccount[] = Array.from({ length: 40 }, (_, i) => makeGlAccount(i + 1));

/** The api's answer to the list call over `rows`: search on the name, newest first, then one page. */
export function answerAccountingList(rows: readonly GlAccount[], query: Record<string, string>): ListEnvelope<GlAccount> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || r.name.toLowerCase().includes(search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(accountingVariants.list.error)`.
 */
export const accountingVariants = {
  list: endpointVariants('GET', ACCOUNTING_PATHS.list, {
    ok: ({ query }) => answerAccountingList(glAccountRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15 } satisfies ListEnvelope<GlAccount>,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
};

/** Every endpoint answering normally: `setupApiServer(...accountingHandlers)`. */
export const accountingHandlers = Object.values(accountingVariants).map((v) => v.ok);
