import { z } from 'zod';
import { idSchema, searchParamSchema, textField } from './fields';

export { COLLECTIONS_PATHS } from './domain-paths';

const moneyIn = z
  .string()
  .trim()
  .transform((s) => s.replace(/,/g, ''))
  .refine((s) => /^\d{1,12}(\.\d{1,2})?$/.test(s) && Number(s) > 0, 'Enter an amount above 0 with at most two decimals.')
  .transform((s) => {
    const [w, f = ''] = s.split('.');
    return `${String(BigInt(w))}.${f.padEnd(2, '0')}`;
  });
const msisdn = z
  .string()
  .trim()
  .regex(/^\+?\d{9,15}$/, 'Enter a mobile number of 9 to 15 digits.');

export const collectionRequestBodySchema = z
  .object({
    application_id: idSchema,
    /** Defaults to the next instalment due (loan_balances). */
    amount: moneyIn.optional(),
    /** Defaults to the loan's mobile number. */
    msisdn: msisdn.optional(),
  })
  .strict();
export type CollectionRequestBody = z.input<typeof collectionRequestBodySchema>;

export const collectionStatusSchema = z.enum(['pending', 'success', 'failed']);

export const collectionSchema = z.object({
  id: z.number(),
  application_id: z.number(),
  amount: z.string(),
  payer_msisdn: z.string(),
  reference_id: z.string(),
  provider: z.string(),
  status: collectionStatusSchema,
  provider_transaction_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  repayment_id: z.number().nullable(),
  suspense_item_id: z.number().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Collection = z.output<typeof collectionSchema>;

export const suspenseStatusSchema = z.enum(['open', 'matched', 'refunded']);
export const suspenseItemSchema = z.object({
  id: z.number(),
  amount: z.string(),
  payer_msisdn: z.string().nullable(),
  provider: z.string(),
  provider_transaction_id: z.string(),
  reference: z.string().nullable(),
  reason: z.string(),
  status: suspenseStatusSchema,
  matched_application_id: z.number().nullable(),
  repayment_id: z.number().nullable(),
  refund_reference: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type SuspenseItem = z.output<typeof suspenseItemSchema>;

export const suspenseListQuerySchema = z
  .object({
    status: suspenseStatusSchema.optional(),
    /** The provider's transaction id, the payer's number or the reference they gave. */
    search: searchParamSchema,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const suspenseListSchema = z.object({ items: z.array(suspenseItemSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type SuspenseList = z.output<typeof suspenseListSchema>;

export const suspenseMatchBodySchema = z.object({ application_id: idSchema }).strict();
export const suspenseRefundBodySchema = z.object({ refund_reference: textField({ min: 1, max: 100, messages: { required: 'Enter the refund reference.' } }) }).strict();
