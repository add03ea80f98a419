import { z } from 'zod';
import { businessDateField, businessDateSchema, moneyField, moneySchema, textField, timestampSchema, wholeNumberField } from './fields';

/**
 * The loan account's details (NOTES.md "Loan products and loan accounts"; the loan details
 * page): the balance split by part, the stored schedule with what was charged, paid and is
 * outstanding per instalment, and the ledger (newest first, superseded rows shown as such).
 * Read with `can view application` inside the caller's branches.
 */
export const LOAN_ACCOUNT_PATHS = {
  details: '/api/loan-accounts/:id',
} as const;

/** A decimal string with two decimals, signed (a ledger row's change to what is owed). */
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);
const parts = z.object({ principal: signedMoney, interest: signedMoney, fees: signedMoney, penalty: signedMoney });

export const LOAN_ACCOUNT_STATES = ['active', 'closed', 'written_off'] as const;
export const LOAN_TRANSACTION_KINDS = [
  'disbursement', 'repayment', 'repayment_reversal', 'fee_charge', 'penalty_charge', 'interest_accrual',
  'waiver', 'write_off', 'recovery', 'reschedule', 'settlement',
] as const;

export const loanAccountInstalmentSchema = z.object({
  no: z.number().int(),
  due_date: z.string(),
  principal: signedMoney,
  interest: signedMoney,
  fees: signedMoney,
  penalties: signedMoney,
  paid: signedMoney,
  outstanding: signedMoney,
  status: z.enum(['paid', 'part_paid', 'due', 'overdue']),
});

export const loanAccountTransactionSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(LOAN_TRANSACTION_KINDS),
  booking_date: z.string(),
  value_date: z.string(),
  amount: signedMoney,
  parts,
  reason: z.string().nullable(),
  repayment_id: z.number().int().nullable(),
  superseded: z.boolean(),
  created_at: z.string(),
});

export const loanAccountDetailsSchema = z.object({
  application_id: z.number().int(),
  state: z.enum(LOAN_ACCOUNT_STATES),
  disbursed_on: z.string(),
  amount: signedMoney,
  schedule_version: z.number().int(),
  allocation_order: z.array(z.string()),
  outstanding: parts.extend({ total: signedMoney }),
  paid_total: signedMoney,
  next_due: z.object({ no: z.number().int(), date: z.string(), amount: signedMoney }).nullable(),
  schedule: z.array(loanAccountInstalmentSchema),
  transactions: z.array(loanAccountTransactionSchema),
});
export type LoanAccountDetails = z.infer<typeof loanAccountDetailsSchema>;

// ---------------------------------------------------------------------------------------
// Money commands (issue 26; NOTES.md "Write-off", "Waiver", "Reschedule", "Early settlement")
// ---------------------------------------------------------------------------------------

/**
 * The loan account's money commands. Every POST runs in one database transaction with the
 * account locked first; bad input is a 422 naming the field with nothing written; the answer
 * is the account's details after it (`loanAccountDetailsSchema`). Permissions:
 * - waive: `can waive loan charges`; write-off: `can write off loans`;
 *   reschedule and its preview: `can reschedule loans`;
 * - settlement quote (GET): `can view application` (as the details);
 * - settle and recovery (money in): `can add repayments` (as a repayment).
 */
export const LOAN_ACCOUNT_COMMAND_PATHS = {
  waive: '/api/loan-accounts/:id/waive',
  writeOff: '/api/loan-accounts/:id/write-off',
  recovery: '/api/loan-accounts/:id/recovery',
  settlementQuote: '/api/loan-accounts/:id/settlement-quote',
  settle: '/api/loan-accounts/:id/settle',
  reschedulePreview: '/api/loan-accounts/:id/reschedule/preview',
  reschedule: '/api/loan-accounts/:id/reschedule',
} as const;

/** The parts a waiver may forgive (never principal). */
export const WAIVABLE_PARTS = ['penalty', 'fees', 'interest'] as const;
export type WaivablePart = (typeof WAIVABLE_PARTS)[number];
export const MAX_LOAN_COMMAND_REASON_LENGTH = 500;
export const MAX_RECOVERY_REFERENCE_LENGTH = 64;
/** Longest new tenure of a reschedule (the rules' MAX_TENURE). */
export const RESCHEDULE_TENURE_MAX = 360;

const reasonField = (required: string) =>
  textField({ min: 3, max: MAX_LOAN_COMMAND_REASON_LENGTH, multiline: true, messages: { required } });
const commandAmount = () =>
  moneyField({ min: 1n, messages: { tooSmall: 'Must be more than 0.00.', invalid: 'Enter a positive amount with at most two decimals, such as 150.00.' } });

/** POST waive: forgive `amount` of one part (oldest instalments first); 422 `amount` when more than is owed of it. */
export const loanWaiverBodySchema = z
  .object({
    part: z.enum(WAIVABLE_PARTS, { error: `Must be one of ${WAIVABLE_PARTS.join(', ')}.` }),
    amount: commandAmount(),
    reason: reasonField('Give the reason for the waiver.'),
  })
  .strict();
export type LoanWaiverBody = z.input<typeof loanWaiverBodySchema>;
export type LoanWaiverData = z.output<typeof loanWaiverBodySchema>;

/** POST write-off: everything outstanding is written off; the loan becomes `written_off` (application closed). */
export const loanWriteOffBodySchema = z.object({ reason: reasonField('Give the reason for the write-off.') }).strict();
export type LoanWriteOffBody = z.input<typeof loanWriteOffBodySchema>;
export type LoanWriteOffData = z.output<typeof loanWriteOffBodySchema>;

/** POST recovery: money in on a written-off loan (changes no part; counted apart). */
export const loanRecoveryBodySchema = z
  .object({
    amount: commandAmount(),
    paid_at: businessDateField({ required: 'Enter the date it was received.' }),
    reference: textField({ min: 1, max: MAX_RECOVERY_REFERENCE_LENGTH, messages: { required: 'Enter the payment reference.' } }),
  })
  .strict();
export type LoanRecoveryBody = z.input<typeof loanRecoveryBodySchema>;
export type LoanRecoveryData = z.output<typeof loanRecoveryBodySchema>;

/**
 * GET settlement-quote: what settles the loan today, split by part. Valid to the end of the
 * business day `valid_to` (`valid_until`: that moment, Lusaka time). `interest_forgiven` is
 * the interest owed or scheduled that the quote does not ask for.
 */
export const loanSettlementQuoteSchema = z.object({
  application_id: z.number().int(),
  as_of: businessDateSchema,
  valid_to: businessDateSchema,
  valid_until: timestampSchema,
  principal: moneySchema,
  interest: moneySchema,
  fees: moneySchema,
  penalty: moneySchema,
  total: moneySchema,
  interest_forgiven: moneySchema,
});
export type LoanSettlementQuote = z.output<typeof loanSettlementQuoteSchema>;

/**
 * POST settle: pay today's quote. `amount` must equal the quote's total (422 `amount` when the
 * quote changed); the loan closes with nothing owed in any part.
 */
export const loanSettleBodySchema = z
  .object({
    amount: commandAmount(),
    reference: textField({ min: 1, max: MAX_RECOVERY_REFERENCE_LENGTH, messages: { required: 'Enter the payment reference.' } }),
  })
  .strict();
export type LoanSettleBody = z.input<typeof loanSettleBodySchema>;
export type LoanSettleData = z.output<typeof loanSettleBodySchema>;

/**
 * POST reschedule/preview and reschedule: a new schedule for what is outstanding, instalment 1
 * due a month after today. Give a new tenure, a new monthly rate (percent, up to four
 * decimals), or both (422 `tenure` when neither). The preview saves nothing.
 */
export const loanRescheduleBodySchema = z
  .object({
    tenure: wholeNumberField(RESCHEDULE_TENURE_MAX, `Tenure: a whole number of months from 1 to ${RESCHEDULE_TENURE_MAX}.`).optional(),
    monthly_rate_percent: z
      .union([z.string(), z.number()], { error: 'Enter a rate such as 4.50, with up to four decimals.' })
      .transform((v) => String(v).trim())
      .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'Enter a rate such as 4.50, with up to four decimals.'))
      .optional(),
    reason: reasonField('Give the reason for the reschedule.'),
  })
  .strict()
  .refine((b) => b.tenure !== undefined || b.monthly_rate_percent !== undefined, {
    message: 'Give a new tenure, a new monthly rate, or both.',
    path: ['tenure'],
  });
export type LoanRescheduleBody = z.input<typeof loanRescheduleBodySchema>;
export type LoanRescheduleData = z.output<typeof loanRescheduleBodySchema>;

/** The reschedule preview: the new instalments (outstanding penalties fall on instalment 1) and totals. */
export const loanReschedulePreviewSchema = z.object({
  application_id: z.number().int(),
  from_date: businessDateSchema,
  tenure: z.number().int(),
  monthly_rate_percent: z.string(),
  schedule_version: z.number().int(),
  instalments: z.array(
    z.object({
      no: z.number().int(),
      due_date: businessDateSchema,
      principal: moneySchema,
      interest: moneySchema,
      fees: moneySchema,
      penalty: moneySchema,
      total: moneySchema,
    }),
  ),
  outstanding_before: parts.extend({ total: signedMoney }),
  total_repayable: moneySchema,
});
export type LoanReschedulePreview = z.output<typeof loanReschedulePreviewSchema>;
