import { z } from 'zod';
import { listEnvelope, listPageParams, moneySchema, searchParamSchema, timestampSchema } from './fields';

/**
 * The disbursements of the transactions domain (spec §7 "/api/transactions"): libs/transactions/server
 * serves these paths, libs/transactions/data-access calls them. Request and response schemas of every
 * route live here. The table is `disbursements` (libs/shared/server/src/db/schema/money.ts).
 */
export const DISBURSEMENTS_PATHS = {
  list: '/api/transactions/disbursements',
  byId: '/api/transactions/disbursements/:id',
} as const;

export const DISBURSEMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];
export const DISBURSEMENT_MODES = ['instant_single', 'instant_bulk', 'auto'] as const;
export type DisbursementMode = (typeof DISBURSEMENT_MODES)[number];
export const DISBURSEMENT_METHODS = ['mobile_money', 'bank', 'cash'] as const;
export type DisbursementMethod = (typeof DISBURSEMENT_METHODS)[number];

/** One disbursement as the api answers it (NOTES.md "Disbursements": its fields). */
export const disbursementSchema = z
  .object({
    id: z.number().int().positive(),
    application_id: z.number().int().positive().nullable(),
    client_id: z.number().int().positive().nullable(),
    branch_id: z.number().int().positive().nullable(),
    amount: moneySchema,
    mode: z.enum(DISBURSEMENT_MODES),
    method: z.enum(DISBURSEMENT_METHODS),
    recipient: z.string(),
    status: z.enum(DISBURSEMENT_STATUSES),
    provider: z.string(),
    provider_ref: z.string().nullable(),
    failure_reason: z.string().nullable(),
    batch_id: z.string().nullable(),
    rule_id: z.number().int().positive().nullable(),
    reconciled: z.boolean(),
    reconciled_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .strict();
export type Disbursement = z.output<typeof disbursementSchema>;

/** `GET /api/transactions/disbursements?page=1&pageSize=15&search=...` (or `&cursor=` the previous page's nextCursor). */
export const disbursementListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
});
export type DisbursementListQuery = z.output<typeof disbursementListQuerySchema>;

/** The list's answer: the one list envelope, newest first. */
export const disbursementListSchema = listEnvelope(disbursementSchema);
