import { z } from 'zod';
import { blankAsAbsent, idSchema, moneyField, moneySchema, textField, wholeNumberField } from './fields';
import { LOAN_AMOUNT_MAX, LOAN_AMOUNT_MIN, LOAN_TENURE_MAX, LOAN_TENURE_MIN } from './web-form';
import { OFFER_VALID_DAYS_DEFAULT } from './constants';
import { formatMoney } from './fields/money-values';
export { SETTINGS_PATHS, LOAN_LIMITS_PATH } from './domain-paths';


/** The settings keys (the borrower calculator reads the flat rate's key). */
export const LOAN_PRODUCT_SETTING = 'loan.product';
export const FLAT_RATE_SETTING_KEY = 'loan.flat_rate_monthly_percent';

const percent = z
  .string({ error: 'Enter a percentage, like 5.00.' })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/, 'Enter a percentage from 0 to 100, with up to two decimals.');
const months = (what: string) => wholeNumberField(120, `${what}: a whole number of months from 1 to 120.`);

export const loanProductSchema = z
  .object({
    flat_rate_percent: z.string(),
    min_amount: moneySchema,
    max_amount: moneySchema,
    min_tenure: z.number().int(),
    max_tenure: z.number().int(),
    processing_fee_percent: z.string(),
    offer_valid_days: z.number().int(),
    terms_conditions: z.string(),
    /** Goes up by one with every change of the terms; a letter keeps the text it was generated with. */
    terms_version: z.number().int().nonnegative(),
    updated_at: z.string().nullable(),
  })
  .strict();
export type LoanProduct = z.output<typeof loanProductSchema>;

// `GET /api/web/loan-product` (LOAN_LIMITS_PATH, in the schema-free domain-paths module so
// the borrower's /apply chunk does not carry zod): what the borrower form shows and the api
// enforces of the product (public: limits, rate and fee only, never the settings' other fields).
export const loanLimitsSchema = z
  .object({
    min_amount: moneySchema,
    max_amount: moneySchema,
    min_tenure: z.number().int(),
    max_tenure: z.number().int(),
    flat_rate_percent: z.string(),
    processing_fee_percent: z.string(),
  })
  .strict();
export type LoanLimits = z.output<typeof loanLimitsSchema>;

export const loanProductBodySchema = z
  .object({
    flat_rate_percent: percent,
    min_amount: moneyField(),
    max_amount: moneyField(),
    min_tenure: months('Shortest tenure'),
    max_tenure: months('Longest tenure'),
    processing_fee_percent: percent,
    offer_valid_days: wholeNumberField(90, 'Offer validity: a whole number of days from 1 to 90.'),
    terms_conditions: textField({ multiline: true, min: 20, messages: { required: 'The terms and conditions are required.' } }),
  })
  // Inside the outer limits every form and the api take (web-form.ts): the product narrows them.
  .refine((b) => Number(b.min_amount) >= LOAN_AMOUNT_MIN, { message: `The smallest amount is at least ${formatMoney(LOAN_AMOUNT_MIN)}.`, path: ['min_amount'] })
  .refine((b) => Number(b.max_amount) <= LOAN_AMOUNT_MAX, { message: `The largest amount is at most ${formatMoney(LOAN_AMOUNT_MAX)}.`, path: ['max_amount'] })
  .refine((b) => b.max_tenure <= LOAN_TENURE_MAX, { message: `The longest tenure is at most ${LOAN_TENURE_MAX} months.`, path: ['max_tenure'] })
  .refine((b) => Number(b.min_amount) <= Number(b.max_amount), { message: 'The smallest amount must not exceed the largest.', path: ['max_amount'] })
  .refine((b) => b.min_tenure <= b.max_tenure, { message: 'The shortest tenure must not exceed the longest.', path: ['max_tenure'] });
export type LoanProductBody = z.output<typeof loanProductBodySchema>;
export type LoanProductInput = z.input<typeof loanProductBodySchema>;

export const LOAN_PRODUCT_DEFAULTS = {
  flat_rate_percent: '5.00',
  min_amount: `${LOAN_AMOUNT_MIN}.00`,
  max_amount: `${LOAN_AMOUNT_MAX}.00`,
  min_tenure: LOAN_TENURE_MIN,
  max_tenure: LOAN_TENURE_MAX,
  processing_fee_percent: '0.00',
  offer_valid_days: OFFER_VALID_DAYS_DEFAULT,
} as const;

export const branchSaveBodySchema = z.object({
  id: idSchema.optional(),
  name: textField({ min: 1, max: 60, messages: { required: 'The name field is required.' } }),
  code: textField({ min: 2, max: 8, messages: { required: 'The code field is required.' } }).pipe(z.string().regex(/^[A-Z0-9]+$/i, 'Letters and digits only.')),
  active: z.boolean().default(true),
  /**
   * The SMS sender name of the branch's reminders (an SMS sender id: at most 11 letters,
   * digits or spaces); blank: the gateway's configured one.
   */
  sms_sender_name: blankAsAbsent(
    textField({ max: 11, messages: { tooLong: 'At most 11 characters.' } }).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ]*$/, 'Letters, digits and spaces only.')),
  ),
});
export type BranchSaveBody = z.output<typeof branchSaveBodySchema>;
export type BranchSaveInput = z.input<typeof branchSaveBodySchema>;
