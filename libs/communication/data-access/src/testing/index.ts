import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { API, COMMUNICATION_PATHS, encodeCursor, type ClientPick, type Draft, type Message, type ListEnvelope, type MessagePreview, type MessageTemplate } from '@loan/shared-contract';

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
    .filter((r) => (!query['channel'] || r.channel === query['channel']) && (!query['status'] || r.status === query['status']))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/** The texts as migration 1200 seeds them. */
export const messageTemplates: MessageTemplate[] = [
  ['reminder', 'composer', 'Payment reminder', 'Payment reminder {reference}', 'Dear {name}, your instalment on loan {reference} is due on {due_date}. Balance: K{balance}.'],
  ['approved', 'composer', 'Loan approved', 'Your loan {reference} is approved', 'Dear {name}, your loan {reference} of K{amount} has been approved.'],
  ['arrears', 'composer', 'Arrears notice', 'Loan {reference} is in arrears', 'Dear {name}, loan {reference} is past due. Please pay the outstanding K{balance} as soon as possible.'],
  ['statement', 'composer', 'Statement ready', 'Your statement', 'Dear {name}, your loan statement is ready. Balance: K{balance}.'],
  ['reminder_before', 'reminder', 'Reminder before the due date', null, 'Dear {name}, your instalment on loan {reference} is due on {due_date}. Balance: K{balance}.'],
  ['reminder_after', 'reminder', 'Reminder after the due date', null, 'Dear {name}, your instalment on loan {reference} was due on {due_date} and is not yet paid. Balance: K{balance}.'],
].map(([id, kind, label, subject, body]) => ({
  id: id as string,
  kind: kind as MessageTemplate['kind'],
  label: label as string,
  subject,
  body: body as string,
  updated_by_name: null,
  updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
}));

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
  sendEmail: endpointVariants('POST', COMMUNICATION_PATHS.sendEmail, {
    ok: ({ body }) => {
      const b = (body ?? {}) as { all?: boolean; client_ids?: number[] };
      return { batch_id: 'batch-2', queued: b.all ? 40 : (b.client_ids?.length ?? 3) };
    },
    empty: { batch_id: 'batch-0', queued: 0 },
    fieldErrors: { subject: ['The subject field is required.'] },
  }),
  /** Renders `{name}` (and the other placeholders with fixed values) for the first three picked clients, as the server would. */
  preview: endpointVariants('POST', COMMUNICATION_PATHS.preview, {
    ok: ({ body }) => answerPreview((body ?? {}) as PreviewBody),
    empty: { total: 0, items: [] } satisfies MessagePreview,
    fieldErrors: { client_ids: ['Choose at least one recipient.'] },
  }),
  batch: endpointVariants('GET', COMMUNICATION_PATHS.batch, {
    ok: { batch_id: 'batch-1', total: 10, queued: 4, sent: 3, delivered: 2, failed: 1 },
    empty: { batch_id: 'batch-1', total: 10, queued: 0, sent: 6, delivered: 3, failed: 1 },
    fieldErrors: { batchId: ['Required.'] },
  }),
  retry: endpointVariants('POST', COMMUNICATION_PATHS.retry, {
    ok: { id: 7, status: 'queued', retried: true },
    empty: { id: 7, status: 'sent', retried: false },
    fieldErrors: { id: ['Must be an id: a whole number from 1.'] },
  }),
  drafts: endpointVariants('GET', COMMUNICATION_PATHS.drafts, {
    ok: { items: [makeDraft(1), makeDraft(2, { channel: 'email', subject: 'Your statement', client_ids: [], branch_id: 1, loan_state: 'in_arrears' })] },
    empty: { items: [] },
    fieldErrors: {},
  }),
  createDraft: endpointVariants('POST', COMMUNICATION_PATHS.drafts, {
    ok: ({ body }) => ({ ...makeDraft(9), ...(body as object) }),
    empty: makeDraft(9),
    fieldErrors: { body: ['The message field is required.'] },
  }),
  updateDraft: endpointVariants('PUT', COMMUNICATION_PATHS.draft, {
    ok: ({ body }) => ({ ...makeDraft(1), ...(body as object) }),
    empty: makeDraft(1),
    fieldErrors: { body: ['The message field is required.'] },
  }),
  deleteDraft: endpointVariants('DELETE', COMMUNICATION_PATHS.draft, {
    ok: { message: 'Draft deleted.' },
    empty: { message: 'Draft deleted.' },
    fieldErrors: {},
  }),
  clients: endpointVariants('GET', `${API.clients}/all`, {
    ok: ({ query }) => {
      const s = (query['search'] ?? '').toLowerCase();
      const items = clientPicks.filter((c) => c.name.toLowerCase().includes(s));
      return { items, total: items.length, page: 1, pageSize: 15 } satisfies ListEnvelope<ClientPick>;
    },
    empty: { items: [], total: 0, page: 1, pageSize: 15 },
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  templates: endpointVariants('GET', COMMUNICATION_PATHS.templates, {
    ok: { items: messageTemplates },
    empty: { items: [] },
    fieldErrors: {},
  }),
  updateTemplate: endpointVariants('PUT', COMMUNICATION_PATHS.template, {
    ok: ({ body }) => ({ ...messageTemplates[3], ...(body as object), updated_by_name: 'Demo Admin' }),
    empty: messageTemplates[0],
    fieldErrors: { body: ['The message field is required.'] },
  }),
  branches: endpointVariants('GET', COMMUNICATION_PATHS.branches, {
    ok: [
      { id: 1, name: 'Lusaka', code: 'LSK', active: true },
      { id: 2, name: 'Kitwe', code: 'KIT', active: true },
    ],
    empty: [],
    fieldErrors: {},
  }),
};

/** Borrowers of the picker (masked as the api answers them). */
export const clientPicks: ClientPick[] = [
  { id: 5, name: 'Mary Banda', nrc: '*****4/10/1', mobile: '*******567', branch: 'Lusaka' },
  { id: 6, name: 'Mark Phiri', nrc: '*****5/10/1', mobile: '*******568', branch: 'Kitwe' },
  { id: 7, name: 'John Tembo', nrc: '*****6/10/1', mobile: null, branch: 'Lusaka' },
];

/** One draft; `n` makes each one different. */
export function makeDraft(n: number, overrides: Partial<Draft> = {}): Draft {
  return {
    id: n,
    channel: 'sms',
    subject: null,
    body: `Dear {name}, draft ${n}`,
    client_ids: [5, 6],
    all: false,
    branch_id: null,
    loan_state: null,
    created_by_name: 'Demo Admin',
    updated_at: new Date(Date.UTC(2026, 0, n, 9)).toISOString(),
    ...overrides,
  };
}

type PreviewBody = { channel: 'sms' | 'email'; client_ids?: number[]; all?: boolean; subject?: string; body: string };

/** The preview as the server renders it: each picked (or every) client, `{name}` filled. */
export function answerPreview(b: PreviewBody): MessagePreview {
  const chosen = b.all || !b.client_ids ? clientPicks : clientPicks.filter((c) => b.client_ids?.includes(c.id));
  const reach = chosen.map((c) => ({ id: c.id, name: c.name, recipient: b.channel === 'sms' ? `097000000${c.id}` : `client${c.id}@example.zm` }));
  const fill = (t: string, name: string) => t.split('{name}').join(name);
  return {
    total: b.all ? 40 : reach.length,
    items: reach.slice(0, 3).map((c) => ({ client_id: c.id, client_name: c.name, recipient: c.recipient, subject: b.channel === 'email' ? fill(b.subject ?? '', c.name) : null, body: fill(b.body, c.name) })),
  };
}

/** Every endpoint answering normally: `setupApiServer(...communicationHandlers)`. */
export const communicationHandlers = Object.values(communicationVariants).map((v) => v.ok);

/** The details of a message that is not there: 404. */
export const messageNotFound = http.get(COMMUNICATION_PATHS.byId, () => HttpResponse.json({ message: 'Message not found.' }, { status: 404 }));
