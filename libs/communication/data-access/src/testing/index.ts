import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { COMMUNICATION_PATHS, encodeCursor, type Message, type ListEnvelope } from '@loan/shared-contract';

/** One message as the api answers it; `n` makes each one different (a day apart, newest is n = 40). */
export function makeMessage(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: n,
    channel: n % 4 === 0 ? 'email' : 'sms',
    recipient: n % 4 === 0 ? `client${n}@example.zm` : `0970000${String(n).padStart(3, '0')}`,
    client_id: n,
    client_name: `Client ${n}`,
    subject: n % 4 === 0 ? 'Your statement' : null,
    body: n % 5 === 0 ? 'Your code is ******' : `Dear Client ${n}, your statement is ready.`,
    purpose: n % 5 === 0 ? 'otp' : 'communication',
    status: (['queued', 'sent', 'delivered', 'failed'] as const)[n % 4],
    provider: 'outbox',
    provider_ref: null,
    error: n % 4 === 3 ? 'SMS gateway answered 500' : null,
    batch_id: null,
    sender_name: 'Demo Admin',
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    sent_at: null,
    delivered_at: null,
    ...overrides,
  };
}

/** 40 records. */
export const messageRows: Message[] = Array.from({ length: 40 }, (_, i) => makeMessage(i + 1));

/** The api's answer to the list call over `rows`: search on the client's name or the recipient, newest first, then one page. */
export function answerCommunicationList(rows: readonly Message[], query: Record<string, string>): ListEnvelope<Message> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || `${r.client_name ?? ''} ${r.recipient}`.toLowerCase().includes(search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(communicationVariants.list.error)`.
 */
export const communicationVariants = {
  list: endpointVariants('GET', COMMUNICATION_PATHS.list, {
    ok: ({ query }) => answerCommunicationList(messageRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15 } satisfies ListEnvelope<Message>,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** One record; `empty` is the record with nothing optional filled in. A 404 has no variant: `http.get(path, () => HttpResponse.json(..., { status: 404 }))`. */
  details: endpointVariants('GET', COMMUNICATION_PATHS.byId, {
    ok: makeMessage(7),
    empty: makeMessage(1, { client_id: null, client_name: null, sender_name: null }),
    fieldErrors: { id: ['Must be a positive whole number.'] },
  }),
  /** The send: `ok` answers as many queued as client ids were sent (or 40 for all). */
  sendSms: endpointVariants('POST', COMMUNICATION_PATHS.sendSms, {
    ok: ({ body }) => {
      const b = (body ?? {}) as { all?: boolean; client_ids?: number[] };
      return { batch_id: 'batch-1', queued: b.all ? 40 : (b.client_ids?.length ?? 0) };
    },
    empty: { batch_id: 'batch-0', queued: 0 },
    fieldErrors: { body: ['The message field is required.'] },
  }),
};

/** Every endpoint answering normally: `setupApiServer(...communicationHandlers)`. */
export const communicationHandlers = Object.values(communicationVariants).map((v) => v.ok);

/** The details of a message that is not there: 404. */
export const messageNotFound = http.get(COMMUNICATION_PATHS.byId, () => HttpResponse.json({ message: 'Message not found.' }, { status: 404 }));
