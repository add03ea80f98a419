import { z } from 'zod';
import {
  blankAsAbsent,
  businessDateField,
  businessDateSchema,
  idListSchema,
  idSchema,
  listEnvelope,
  listPageParams,
  moneyField,
  moneySchema,
  searchParamSchema,
  textField,
  timestampSchema,
  toNgwee,
  typedMoneyField,
  withDateOrder,
} from './fields';
export { DISBURSEMENTS_PATHS } from './domain-paths';


/** The header every disbursing call carries: one key per intended payment. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The header of a repeated call's answer: the first answer, replayed. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

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
    reference_code: z.string().nullable(),
    client_name: z.string().nullable(),
    reconciled: z.boolean(),
    reconciled_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .strict();
export type Disbursement = z.output<typeof disbursementSchema>;

const flagSchema = z.enum(['true', 'false'], { message: "Must be 'true' or 'false'." });

/** The list's filters (also the CSV export's): status, mode, business-date range, branch, reconciled, search. */
const filters = {
  search: searchParamSchema,
  status: blankAsAbsent(z.enum(DISBURSEMENT_STATUSES, { message: `Must be one of ${DISBURSEMENT_STATUSES.join(', ')}.` })),
  mode: blankAsAbsent(z.enum(DISBURSEMENT_MODES, { message: `Must be one of ${DISBURSEMENT_MODES.join(', ')}.` })),
  fromDate: blankAsAbsent(businessDateSchema),
  toDate: blankAsAbsent(businessDateSchema),
  branch_id: idSchema.optional(),
  reconciled: blankAsAbsent(flagSchema),
};

/** `GET /api/transactions/disbursements?page=1&pageSize=15&status=failed&...` (or `&cursor=` the previous page's nextCursor). */
export const disbursementListQuerySchema = withDateOrder(z.object({ ...listPageParams, ...filters }));
export type DisbursementListQuery = z.output<typeof disbursementListQuerySchema>;
export const disbursementExportQuerySchema = withDateOrder(z.object(filters));
export type DisbursementExportQuery = z.output<typeof disbursementExportQuerySchema>;

/** Count and exact sum of the whole filtered set (every page). */
export const disbursementTotalsSchema = z.object({ count: z.number().int().nonnegative(), amount: moneySchema }).strict();
export type DisbursementTotals = z.output<typeof disbursementTotalsSchema>;

/** The list's answer: the one list envelope, newest first, with the totals of the filtered set. */
export const disbursementListSchema = listEnvelope(disbursementSchema).extend({ totals: disbursementTotalsSchema });
export type DisbursementList = z.output<typeof disbursementListSchema>;

/** What happened to a disbursement: sent, the provider's answers, retries, reconciliation. */
export const disbursementEventSchema = z
  .object({
    id: z.number().int().positive(),
    kind: z.enum(['initiate', 'poll', 'callback', 'retry', 'reconcile', 'error']),
    status: z.string().nullable(),
    message: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    created_at: timestampSchema,
  })
  .strict();
export type DisbursementEvent = z.output<typeof disbursementEventSchema>;

/** An audit row of the disbursement (who, what, when, from where). */
export const disbursementAuditSchema = z
  .object({
    id: z.number().int().positive(),
    action: z.string(),
    user_name: z.string().nullable(),
    ip_address: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: timestampSchema,
  })
  .strict();

/** Every attempt of the same loan (a failed one retried is a new attempt). */
export const disbursementAttemptSchema = z
  .object({ id: z.number().int().positive(), status: z.enum(DISBURSEMENT_STATUSES), amount: moneySchema, created_at: timestampSchema })
  .strict();

/** `GET byId`: the disbursement, its provider messages, the loan it paid, its attempts and audit trail. */
export const disbursementDetailsSchema = disbursementSchema
  .extend({
    events: z.array(disbursementEventSchema),
    attempts: z.array(disbursementAttemptSchema),
    audit: z.array(disbursementAuditSchema),
    loan: z
      .object({
        id: z.number().int().positive(),
        kind: z.enum(['application', 'topup']),
        reference_code: z.string(),
        fullname: z.string(),
        status: z.string(),
        amount: moneySchema,
        total_amount_due: moneySchema,
        tenure_months: z.number().int(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type DisbursementDetails = z.output<typeof disbursementDetailsSchema>;

/** One payable loan of `disburse-client` (NOTES.md): signed, not disbursed. */
export const payableLoanSchema = z
  .object({
    application_id: z.number().int().positive(),
    kind: z.enum(['application', 'topup']),
    reference_code: z.string(),
    client_id: z.number().int().positive().nullable(),
    client_name: z.string(),
    recipient: z.string(),
    amount: moneySchema,
    branch_id: z.number().int().positive().nullable(),
    signed_at: timestampSchema,
    /** The last failed attempt's reason, when the loan was tried before. */
    last_failure: z.string().nullable(),
  })
  .strict();
export type PayableLoan = z.output<typeof payableLoanSchema>;
export const payableListQuerySchema = z.object({ ...listPageParams, search: searchParamSchema });
export type PayableListQuery = z.output<typeof payableListQuerySchema>;
export const payableListSchema = listEnvelope(payableLoanSchema).extend({ totals: disbursementTotalsSchema });
export type PayableList = z.output<typeof payableListSchema>;

/** `POST disburse/single`: one loan; the Idempotency-Key header names the intended payment. */
export const disburseSingleBodySchema = z.object({ application_id: idSchema }).strict();
export type DisburseSingleBody = z.output<typeof disburseSingleBodySchema>;
export const disburseSingleResultSchema = z.object({ disbursement: disbursementSchema, replayed: z.boolean() }).strict();
export type DisburseSingleResult = z.output<typeof disburseSingleResultSchema>;

/** `POST disburse/bulk`: several loans under one batch (the client may send them in parts, each with its own key). */
export const disburseBulkBodySchema = z
  .object({
    application_ids: idListSchema,
    /** The batch label the run's parts share (a new one when absent). */
    batch: blankAsAbsent(textField({ max: 64 })),
  })
  .strict();
export type DisburseBulkBody = z.output<typeof disburseBulkBodySchema>;
export const disburseBulkItemSchema = z
  .object({
    application_id: z.number().int().positive(),
    outcome: z.enum(['sent', 'refused']),
    disbursement: disbursementSchema.nullable(),
    message: z.string().nullable(),
  })
  .strict();
export type DisburseBulkItem = z.output<typeof disburseBulkItemSchema>;
export const disburseBulkResultSchema = z
  .object({ batch_id: z.string(), results: z.array(disburseBulkItemSchema), replayed: z.boolean() })
  .strict();
export type DisburseBulkResult = z.output<typeof disburseBulkResultSchema>;

export const reconcileBodySchema = z.object({ ids: idListSchema }).strict();
export const reconcileResultSchema = z.object({ reconciled: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() }).strict();
export type ReconcileResult = z.output<typeof reconcileResultSchema>;

/* ---- Automatic disbursement rules (NOTES.md "Disbursements": name, kind, branch or all, amount range, daily limit, active) ---- */

export const AUTO_RULE_KINDS = ['application', 'topup', 'any'] as const;
export type AutoRuleKind = (typeof AUTO_RULE_KINDS)[number];

/** One thing a run or a dry run passed over, and why. */
export const autoRuleSkipSchema = z.object({ application_id: z.number().int().positive(), reason: z.string() }).strict();

/** One run of a rule by the job: what it paid, what the provider or a race refused, what it skipped and why. */
export const autoRuleRunSchema = z
  .object({
    id: z.number().int().positive(),
    rule_id: z.number().int().positive(),
    paid: z.array(z.object({ disbursement_id: z.number().int().positive(), application_id: z.number().int().positive(), amount: moneySchema }).strict()),
    refused: z.array(autoRuleSkipSchema),
    skipped: z.array(autoRuleSkipSchema),
    paused: z.boolean(),
    created_at: timestampSchema,
  })
  .strict();
export type AutoRuleRun = z.output<typeof autoRuleRunSchema>;

export const autoRuleSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    kind: z.enum(AUTO_RULE_KINDS),
    branch_id: z.number().int().positive().nullable(),
    branch_name: z.string().nullable(),
    min_amount: moneySchema,
    max_amount: moneySchema,
    daily_limit: moneySchema.nullable(),
    active: z.boolean(),
    /** Paid by this rule today (Lusaka), pending or successful. */
    paid_today: moneySchema,
    /** The latest runs, newest first (at most 3). */
    last_runs: z.array(autoRuleRunSchema),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .strict();
export type AutoRule = z.output<typeof autoRuleSchema>;
export const autoRuleListSchema = z.object({ items: z.array(autoRuleSchema) }).strict();
export type AutoRuleList = z.output<typeof autoRuleListSchema>;

const ruleAmount = (label: string) =>
  typedMoneyField({ min: 1n, messages: { required: `Enter the ${label}.`, invalid: 'Enter an amount such as 12500.00, with at most two decimals.' } });

/** The rule's fields; `branch` reads the branch (null = all branches). */
const ruleBody = <B extends z.ZodType<number | null, unknown>>(branch: B) =>
  z
    .object({
      name: textField({ min: 3, max: 80, messages: { required: 'Enter a name for the rule.', tooShort: 'At least 3 characters.', tooLong: 'At most 80 characters.' } }),
      kind: z.enum(AUTO_RULE_KINDS, { message: 'Choose application, top-up or any.' }),
      branch_id: branch,
      min_amount: typedMoneyField({ messages: { required: 'Enter the smallest amount (0 for none).' } }),
      max_amount: ruleAmount('largest amount'),
      /** Blank = no daily limit (the global float still applies). */
      daily_limit: z.union([z.literal(''), z.null(), ruleAmount('daily limit')]).transform((v) => (v === '' || v === null ? null : v)),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (typeof v.min_amount === 'string' && typeof v.max_amount === 'string' && toNgwee(v.min_amount) > toNgwee(v.max_amount))
        ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'Must be at least the smallest amount.' });
    });

/** Add or edit a rule (the server's check: 422 naming the field). `branch_id` null = all branches; ids are strict ('' is refused). */
export const autoRuleBodySchema = ruleBody(z.union([z.null(), idSchema], { error: 'Must be an id: a whole number from 1.' }));
/** The form's reading of the same fields: its branch select's '' (All branches) is null. */
export const autoRuleFormSchema = ruleBody(z.union([z.literal(''), idSchema]).transform((v) => (v === '' ? null : v)));
export type AutoRuleFormInput = z.input<typeof autoRuleFormSchema>;
export type AutoRuleBodyInput = z.input<typeof autoRuleBodySchema>;
export type AutoRuleBody = z.output<typeof autoRuleBodySchema>;

/** `POST :id/dry-run`: what the rule would pay now, and what it would skip and why; nothing is paid. */
export const autoRuleDryRunSchema = z
  .object({
    pay: z.array(
      z.object({ application_id: z.number().int().positive(), reference_code: z.string(), client_name: z.string(), recipient: z.string(), amount: moneySchema }).strict(),
    ),
    skipped: z.array(autoRuleSkipSchema),
    total: moneySchema,
  })
  .strict();
export type AutoRuleDryRun = z.output<typeof autoRuleDryRunSchema>;
export const autoRuleRunListSchema = z.object({ items: z.array(autoRuleRunSchema) }).strict();
export type AutoRuleRunList = z.output<typeof autoRuleRunListSchema>;

/** The branches for the disbursement screens' filters and the rule form (id and name). */
export const disbursementBranchListSchema = z.array(z.object({ id: z.number().int().positive(), name: z.string() }).strict());
export type DisbursementBranch = z.output<typeof disbursementBranchListSchema>[number];

/* ---- Statement reconciliation (NOTES.md: import the provider's statement, match on provider reference, amount and date) ---- */

/** The statement's columns the screen reads (case-insensitive; other columns are ignored). */
export const STATEMENT_COLUMNS = { reference: ['provider_reference', 'reference', 'financial_transaction_id', 'transaction_id'], amount: ['amount'], date: ['date', 'transaction_date', 'value_date'] } as const;
export const STATEMENT_MAX_LINES = 5000;

/** One statement line as read from the CSV (`line` counts data rows from 1). */
export const statementLineSchema = z
  .object({
    line: z.number().int().positive(),
    reference: textField({ min: 1, max: 100, messages: { required: 'The provider reference is missing.' } }),
    amount: moneyField({ min: 1n, messages: { required: 'The amount is missing.' } }),
    date: businessDateField(),
  })
  .strict();
export const statementBodySchema = z
  .object({ lines: z.array(statementLineSchema, { error: 'Must be a list of lines.' }).min(1, 'The statement has no lines.').max(STATEMENT_MAX_LINES, `At most ${STATEMENT_MAX_LINES} lines at once.`) })
  .strict();
export type StatementBody = z.input<typeof statementBodySchema>;

const statementLineOut = z.object({ line: z.number().int().positive(), reference: z.string(), amount: moneySchema, date: z.string() }).strict();

export const statementMatchSchema = z
  .object({
    /** Lines whose reference, amount and date match a successful disbursement. */
    matched: z.array(statementLineOut.extend({ disbursement_id: z.number().int().positive(), recipient: z.string(), already_reconciled: z.boolean() }).strict()),
    /** Lines with no disbursement to match, and why. */
    unmatched_lines: z.array(statementLineOut.extend({ reason: z.string(), disbursement_id: z.number().int().positive().nullable() }).strict()),
    /** Successful, not reconciled disbursements of the statement's dates that no line matches. */
    unmatched_disbursements: z.array(
      z.object({ id: z.number().int().positive(), provider_ref: z.string().nullable(), amount: moneySchema, date: z.string(), recipient: z.string(), reference_code: z.string().nullable() }).strict(),
    ),
    from: z.string(),
    to: z.string(),
  })
  .strict();
export type StatementMatch = z.output<typeof statementMatchSchema>;
