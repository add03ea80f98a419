import { endpointVariants } from '@loan/shared-data-access-api/testing';
import {
  CLIENTS_PATHS,
  encodeCursor,
  type Client,
  type ClientDetails,
  type ListEnvelope,
  type SearchResult,
} from '@loan/shared-contract';

/** One client as the api answers it; `n` makes each one different (a day apart, newest is n = 40). */
export function makeClient(n: number, overrides: Partial<Client> = {}): Client {
  return {
    id: n,
    name: `Client ${n}`,
    nrc: `${String(100000 + n)}/10/1`,
    mobile: `+26097${String(1000000 + n)}`,
    branch_id: (n % 3) + 1,
    branch: ['Lusaka', 'Ndola', 'Kitwe'][n % 3],
    open_loans: n % 2,
    balance: n % 2 ? `${n * 100}.00` : '0.00',
    arrears: n % 4 === 1 ? '150.50' : '0.00',
    last_activity: new Date(Date.UTC(2026, 1, n, 8)).toISOString(),
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

/** A client's page with a record in every section (`empty`: every section empty or not permitted). */
export function makeClientDetails(
  n: number,
  overrides: Partial<ClientDetails> = {},
): ClientDetails {
  const at = '2026-02-01T08:00:00.000Z';
  return {
    client: {
      ...makeClient(n),
      email: 'client@example.zm',
      employer: 'Zambia Sugar',
      address: 'Plot 1, Lusaka',
      updated_at: at,
    },
    applications: [
      {
        id: 11,
        kind: 'application',
        reference_code: 'LA-2026-000011',
        status: 'approved',
        amount: '1000.00',
        created_at: at,
      },
      {
        id: 12,
        kind: 'topup',
        reference_code: 'TU-2026-000012',
        status: 'request',
        amount: '300.00',
        created_at: at,
      },
    ],
    loans: [
      {
        id: 11,
        kind: 'application',
        reference_code: 'LA-2026-000011',
        status: 'approved',
        total_due: '1200.00',
        paid: '100.00',
        balance: '1100.00',
        arrears: '0.00',
        days_past_due: 0,
        state: 'current',
        disbursed_on: '2026-01-05',
        next_due_date: '2026-03-05',
      },
    ],
    offer_letters: [
      {
        id: 21,
        application_id: 11,
        reference_code: 'LA-2026-000011',
        status: 'signed',
        total_amount_due: '1200.00',
        created_at: at,
      },
    ],
    disbursements: [
      {
        id: 31,
        application_id: 11,
        amount: '1000.00',
        status: 'success',
        created_at: at,
      },
    ],
    repayments: [
      {
        id: 41,
        application_id: 11,
        amount: '100.00',
        paid_at: '2026-02-05',
        reference: 'RP-1',
        reversed: false,
      },
    ],
    messages: [
      {
        id: 51,
        channel: 'sms',
        status: 'sent',
        purpose: 'communication',
        body: 'Your instalment is due.',
        created_at: at,
      },
    ],
    audit: [
      {
        id: 61,
        action: 'approve',
        entity: 'loan_application',
        entity_id: '11',
        user: 'Mutale Banda',
        created_at: at,
      },
    ],
    ...overrides,
  };
}

/** Find anything's answer for `q`: one hit in each group. */
export function makeSearchResult(q: string): SearchResult {
  return {
    q,
    groups: [
      {
        group: 'clients',
        items: [{ id: 7, title: 'Client 7', detail: '100007/10/1' }],
      },
      {
        group: 'applications',
        items: [
          { id: 11, title: 'LA-2026-000011', detail: 'Client 7 · approved' },
        ],
      },
      { group: 'topups', items: [] },
      {
        group: 'repayments',
        items: [{ id: 41, title: 'RP-1', detail: '100.00 · 2026-02-05' }],
      },
    ],
  };
}

/** 40 records. */
export const clientRows: Client[] = Array.from({ length: 40 }, (_, i) =>
  makeClient(i + 1),
);

/** The api's answer to the list call over `rows`: search on the name, newest first, then one page. */
export function answerClientsList(
  rows: readonly Client[],
  query: Record<string, string>,
): ListEnvelope<Client> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || r.name.toLowerCase().includes(search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return {
    items,
    total: all.length,
    page,
    pageSize,
    nextCursor: more
      ? encodeCursor({ createdAt: last.created_at, id: last.id })
      : null,
  };
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(clientsVariants.list.error)`.
 */
export const clientsVariants = {
  list: endpointVariants('GET', CLIENTS_PATHS.list, {
    ok: ({ query }) => answerClientsList(clientRows, query),
    empty: {
      items: [],
      total: 0,
      page: 1,
      pageSize: 15,
    } satisfies ListEnvelope<Client>,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** One record; `empty` is the record with nothing optional filled in. A 404 has no variant: `http.get(path, () => HttpResponse.json(..., { status: 404 }))`. */
  details: endpointVariants('GET', CLIENTS_PATHS.byId, {
    ok: makeClientDetails(7),
    empty: makeClientDetails(1, {
      applications: [],
      loans: [],
      offer_letters: null,
      disbursements: null,
      repayments: [],
      messages: null,
      audit: [],
    }),
    fieldErrors: { id: ['Must be a positive whole number.'] },
  }),
  search: endpointVariants('GET', CLIENTS_PATHS.search, {
    ok: ({ query }) => makeSearchResult(query['q'] ?? ''),
    empty: {
      q: '',
      groups: [{ group: 'clients', items: [] }],
    } satisfies SearchResult,
    fieldErrors: { q: ['Type at least 2 characters.'] },
  }),
};

/** Every endpoint answering normally: `setupApiServer(...clientsHandlers)`. */
export const clientsHandlers = Object.values(clientsVariants).map((v) => v.ok);
