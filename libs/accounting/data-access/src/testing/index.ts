import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { ACCOUNTING_PATHS, type GlAccount, type ListEnvelope } from '@loan/shared-contract';

const TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

/** One gl account as the api answers it; `n` makes each one different (codes 1001..1040, by code). */
export function makeGlAccount(n: number, overrides: Partial<GlAccount> = {}): GlAccount {
  return {
    id: n,
    code: String(1000 + n),
    name: `Gl account ${n}`,
    type: TYPES[n % TYPES.length],
    contra: n % 10 === 0,
    system_key: null,
    balance: `${n * 100}.00`,
    has_postings: n % 2 === 0,
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

/** 40 records. */
export const glAccountRows: GlAccount[] = Array.from({ length: 40 }, (_, i) => makeGlAccount(i + 1));

/** The api's answer to the list call over `rows`: search on the code or name, by code, then one page. */
export function answerAccountingList(rows: readonly GlAccount[], query: Record<string, string>): ListEnvelope<GlAccount> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || r.name.toLowerCase().includes(search) || r.code.toLowerCase().includes(search))
    .sort((a, b) => a.code.localeCompare(b.code) || a.id - b.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  return { items, total: all.length, page, pageSize, nextCursor: null };
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
