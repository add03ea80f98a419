import { z } from 'zod';
import { P } from './permissions';
import {
  listEnvelope,
  listPageParams,
  moneySchema,
  searchParamSchema,
  textField,
  timestampSchema,
} from './fields';

export { CLIENTS_PATHS } from './domain-paths';

const id = z.number().int().positive();

/**
 * One client as the list shows it. NRC and mobile are unmasked: masking waits for
 * `can view borrower PII` (NOTES.md "Disclosure and data protection"), see `maskPii` in
 * libs/clients/server. Money from `loan_balances` (THE source of balances).
 */
export const clientSchema = z
  .object({
    id,
    name: z.string(),
    nrc: z.string(),
    mobile: z.string(),
    branch_id: id.nullable(),
    branch: z.string().nullable(),
    open_loans: z.number().int().nonnegative(),
    balance: moneySchema,
    arrears: moneySchema,
    last_activity: timestampSchema,
    created_at: timestampSchema,
  })
  .strict();
export type Client = z.output<typeof clientSchema>;

/** `GET /api/clients?page=1&pageSize=15&search=...` (or `&cursor=` the previous page's nextCursor). */
export const clientListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
});
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

/** The list's answer: the one list envelope, newest first. */
export const clientListSchema = listEnvelope(clientSchema);

const applicationItem = z
  .object({
    id,
    kind: z.enum(['application', 'topup']),
    reference_code: z.string(),
    status: z.string(),
    amount: moneySchema,
    created_at: timestampSchema,
  })
  .strict();

const loanItem = z
  .object({
    id,
    kind: z.enum(['application', 'topup']),
    reference_code: z.string(),
    status: z.string(),
    total_due: moneySchema,
    paid: moneySchema,
    balance: moneySchema,
    arrears: moneySchema,
    days_past_due: z.number().int().nonnegative(),
    state: z.string(),
    disbursed_on: z.string().nullable(),
    next_due_date: z.string().nullable(),
  })
  .strict();

const letterItem = z
  .object({
    id,
    application_id: id,
    reference_code: z.string(),
    status: z.string(),
    total_amount_due: moneySchema,
    created_at: timestampSchema,
  })
  .strict();

const disbursementItem = z
  .object({
    id,
    application_id: id.nullable(),
    amount: moneySchema,
    status: z.string(),
    created_at: timestampSchema,
  })
  .strict();

const repaymentItem = z
  .object({
    id,
    application_id: id.nullable(),
    amount: moneySchema,
    paid_at: z.string(),
    reference: z.string().nullable(),
    reversed: z.boolean(),
  })
  .strict();

const messageItem = z
  .object({
    id,
    channel: z.string(),
    status: z.string(),
    purpose: z.string(),
    body: z.string(),
    created_at: timestampSchema,
  })
  .strict();

const auditItem = z
  .object({
    id,
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    user: z.string().nullable(),
    created_at: timestampSchema,
  })
  .strict();

/**
 * `GET /api/clients/:id`: the person and what is held about them (newest first, each list
 * capped at CLIENT_SECTION_LIMIT). A section is null when the user lacks the permission that
 * opens its records (applications/loans: `can view application` / `can view topup` by kind;
 * letters: `view loan offer letter`; disbursements: `can view all disbursements`; repayments:
 * `can view repayments`; messages: `can view message`). The audit of the client's records
 * comes with `can view clients`.
 */
export const clientDetailsSchema = z
  .object({
    client: clientSchema.extend({
      email: z.string().nullable(),
      employer: z.string().nullable(),
      address: z.string().nullable(),
      updated_at: timestampSchema,
    }),
    applications: z.array(applicationItem).nullable(),
    loans: z.array(loanItem).nullable(),
    offer_letters: z.array(letterItem).nullable(),
    disbursements: z.array(disbursementItem).nullable(),
    repayments: z.array(repaymentItem).nullable(),
    messages: z.array(messageItem).nullable(),
    audit: z.array(auditItem),
  })
  .strict();
export const CLIENT_SECTION_LIMIT = 100;
export type ClientDetails = z.output<typeof clientDetailsSchema>;

/** `GET /api/search?q=`: 2 to 64 characters. */
export const searchQuerySchema = z.object({
  q: textField({ min: 2, max: 64, messages: { required: 'Type at least 2 characters.', tooShort: 'Type at least 2 characters.', tooLong: 'At most 64 characters.' } }),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const SEARCH_GROUPS = [
  'clients',
  'applications',
  'topups',
  'letters',
  'disbursements',
  'repayments',
] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

const searchHit = z
  .object({
    id,
    /** What the row shows first: a name or a reference. */
    title: z.string(),
    /** A second line: reference, NRC, amount or status. */
    detail: z.string(),
  })
  .strict();
export type SearchHit = z.output<typeof searchHit>;

/** Find anything's answer: only the groups the user may open; at most SEARCH_LIMIT hits each. */
export const searchResultSchema = z
  .object({
    q: z.string(),
    groups: z.array(
      z
        .object({ group: z.enum(SEARCH_GROUPS), items: z.array(searchHit) })
        .strict(),
    ),
  })
  .strict();
export type SearchResult = z.output<typeof searchResultSchema>;
export const SEARCH_LIMIT = 5;

/** Who may use find anything: anyone who may open one of its groups (the top bar shows the box to them only). */
export const FIND_ANYTHING_PERMISSIONS = [
  P.viewClients,
  P.viewApplication,
  P.viewTopup,
  P.viewOfferLetter,
  P.viewAllDisbursements,
  P.viewRepayments,
] as const;
