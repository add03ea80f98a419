import { z } from 'zod';
import { businessDateField, businessDateSchema, idSchema, listEnvelope, listPageParams, moneyField, moneySchema, pageParams, searchParamSchema, textField, timestampSchema } from './fields';

export { ACCOUNTING_PATHS } from './domain-paths';

export const GL_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type GlAccountType = (typeof GL_ACCOUNT_TYPES)[number];

/** One account of the chart. `system_key`: the role the automatic postings give it (NULL: the lender's own). */
export const glAccountSchema = z
  .object({
    id: z.number().int().positive(),
    code: z.string(),
    name: z.string(),
    type: z.enum(GL_ACCOUNT_TYPES),
    contra: z.boolean(),
    system_key: z.string().nullable(),
    /** Debits less credits of every posting (an asset's or expense's natural sign). */
    balance: moneySchema,
    has_postings: z.boolean(),
    created_at: timestampSchema,
  })
  .strict();
export type GlAccount = z.output<typeof glAccountSchema>;

/** `GET /api/accounting/accounts?page=1&pageSize=15&search=...`: by code; search matches code or name. */
export const glAccountListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
});
export type GlAccountListQuery = z.output<typeof glAccountListQuerySchema>;
export const glAccountListSchema = listEnvelope(glAccountSchema);

export const GL_ACCOUNT_CODE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;
const codeField = textField({ min: 1, max: 20 }).regex(GL_ACCOUNT_CODE_PATTERN, 'Use up to 20 letters, digits, dots or dashes, such as 1105.');

/** `POST /api/accounting/accounts`. */
export const glAccountCreateSchema = z
  .object({
    code: codeField,
    name: textField({ min: 1, max: 120 }),
    type: z.enum(GL_ACCOUNT_TYPES, { error: `Must be one of ${GL_ACCOUNT_TYPES.join(', ')}.` }),
    contra: z.boolean().default(false),
  })
  .strict();
export type GlAccountCreate = z.output<typeof glAccountCreateSchema>;

/** `PUT /api/accounting/accounts/:id`: codes and names are editable (NOTES.md); the type is not once posted to. */
export const glAccountUpdateSchema = z
  .object({
    code: codeField.optional(),
    name: textField({ min: 1, max: 120 }).optional(),
    type: z.enum(GL_ACCOUNT_TYPES, { error: `Must be one of ${GL_ACCOUNT_TYPES.join(', ')}.` }).optional(),
    contra: z.boolean().optional(),
  })
  .strict();
export type GlAccountUpdate = z.output<typeof glAccountUpdateSchema>;

/** A date range, both ends included; the end not before the start. */
const rangeQuery = {
  from: businessDateField(),
  to: businessDateField(),
};
const rangeOrder = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema.refine((q) => q.from <= q.to, { path: ['to'], message: 'Must not be before from.' });

/** `GET /api/accounting/trial-balance?from=2026-11-01&to=2026-11-30` (by booking date). */
export const trialBalanceQuerySchema = rangeOrder(z.object(rangeQuery));
export type TrialBalanceQuery = z.output<typeof trialBalanceQuerySchema>;

export const trialBalanceRowSchema = z
  .object({
    account_id: z.number().int().positive(),
    code: z.string(),
    name: z.string(),
    type: z.enum(GL_ACCOUNT_TYPES),
    /** Debits less credits before `from`. */
    opening: moneySchema,
    debit: moneySchema,
    credit: moneySchema,
    /** opening + debit - credit. */
    closing: moneySchema,
  })
  .strict();
export type TrialBalanceRow = z.output<typeof trialBalanceRowSchema>;

export const trialBalanceSchema = z
  .object({
    from: businessDateSchema,
    to: businessDateSchema,
    rows: z.array(trialBalanceRowSchema),
    /** Sums over every account: debit = credit, and the openings and closings sum to 0. */
    totals: z.object({ opening: moneySchema, debit: moneySchema, credit: moneySchema, closing: moneySchema }).strict(),
  })
  .strict();
export type TrialBalance = z.output<typeof trialBalanceSchema>;

/** `GET /api/accounting/accounts/:id/statement?from=&to=&page=&pageSize=`. */
export const accountStatementQuerySchema = rangeOrder(z.object({ ...rangeQuery, ...pageParams }));
export type AccountStatementQuery = z.output<typeof accountStatementQuerySchema>;

export const JOURNAL_SOURCE_KINDS = ['loan_transaction', 'loan_transaction_superseded', 'manual'] as const;

export const glStatementLineSchema = z
  .object({
    line_id: z.number().int().positive(),
    entry_id: z.number().int().positive(),
    booking_date: businessDateSchema,
    value_date: businessDateSchema,
    source_kind: z.enum(JOURNAL_SOURCE_KINDS),
    /** The loan transaction (its loan: `application_id`) or null for a manual entry. */
    source_id: z.number().int().positive().nullable(),
    application_id: z.number().int().positive().nullable(),
    memo: z.string().nullable(),
    debit: moneySchema,
    credit: moneySchema,
    /** The running balance after this line (debits less credits). */
    balance: moneySchema,
  })
  .strict();
export type GlStatementLine = z.output<typeof glStatementLineSchema>;

export const accountStatementSchema = z
  .object({
    account: glAccountSchema,
    from: businessDateSchema,
    to: businessDateSchema,
    opening: moneySchema,
    debit: moneySchema,
    credit: moneySchema,
    closing: moneySchema,
    items: z.array(glStatementLineSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  })
  .strict();
export type AccountStatement = z.output<typeof accountStatementSchema>;

const lineAmount = moneyField({ max: 99_999_999_999_99n }).default('0.00');

/** `POST /api/accounting/journal-entries`: two or more lines, each a debit or a credit, balanced; a reason. */
export const journalEntryCreateSchema = z
  .object({
    value_date: businessDateField().optional(),
    reason: textField({ min: 3, max: 500 }),
    lines: z
      .array(
        z
          .object({
            account_id: idSchema,
            debit: lineAmount,
            credit: lineAmount,
            memo: textField({ max: 255 }).optional(),
          })
          .strict()
          .superRefine((l, ctx) => {
            const d = l.debit !== '0.00';
            const c = l.credit !== '0.00';
            if (d === c) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Enter a debit or a credit, not both and not neither.' });
          }),
        { error: 'Enter the lines of the entry.' },
      )
      .min(2, 'An entry needs two or more lines.')
      .max(200, 'At most 200 lines.'),
  })
  .strict();
export type JournalEntryCreate = z.input<typeof journalEntryCreateSchema>;

export const journalEntrySchema = z
  .object({
    id: z.number().int().positive(),
    booking_date: businessDateSchema,
    value_date: businessDateSchema,
    source_kind: z.enum(JOURNAL_SOURCE_KINDS),
    source_id: z.number().int().positive().nullable(),
    memo: z.string().nullable(),
    lines: z.array(z.object({ account_id: z.number().int().positive(), code: z.string(), debit: moneySchema, credit: moneySchema, memo: z.string().nullable() }).strict()),
  })
  .strict();
export type JournalEntry = z.output<typeof journalEntrySchema>;
