import { z } from 'zod';
import { moneyField, moneySchema, textField, wholeNumberField } from './fields';
import { formatMoney } from './fields/money-values';
import { LOAN_AMOUNT_MAX, LOAN_AMOUNT_MIN, LOAN_TENURE_MAX } from './web-form';

export { LOAN_PRODUCTS_PATHS } from './domain-paths';

export const INTEREST_METHODS = ['flat', 'declining'] as const;
export const FEE_KINDS = ['processing', 'insurance', 'other'] as const;
export const FEE_CALCS = ['percent', 'fixed'] as const;
export const FEE_WHENS = ['deducted', 'capitalised', 'upfront'] as const;
export const LOAN_PARTS = ['penalty', 'fees', 'interest', 'principal'] as const;
export type LoanPart = (typeof LOAN_PARTS)[number];
/** A repayment pays these in this order within an instalment, unless a product says otherwise. */
export const DEFAULT_PART_ORDER: readonly LoanPart[] = ['penalty', 'fees', 'interest', 'principal'];

export const INTEREST_METHOD_LABELS: Record<(typeof INTEREST_METHODS)[number], string> = {
  flat: 'Flat (interest on the amount for the whole tenure)',
  declining: 'Declining balance (interest on what is still owed)',
};
export const FEE_WHEN_LABELS: Record<(typeof FEE_WHENS)[number], string> = {
  deducted: 'Deducted from the payout',
  capitalised: 'Added to the loan, spread over the instalments',
  upfront: 'Paid before disbursement',
};
export const PART_LABELS: Record<LoanPart, string> = { penalty: 'Penalties', fees: 'Fees', interest: 'Interest', principal: 'Principal' };

/** A decimal as typed: digits, up to `decimals` decimals (ranges are the rules' validateTerms). */
const decimalText = (decimals: number, message: string) =>
  z
    .union([z.string({ error: message }), z.number({ error: message })], { error: message })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${decimals}})?$`), message));

const rateText = decimalText(4, 'Enter a rate such as 4.50, with up to four decimals.');
const percentText = decimalText(2, 'Enter a percentage such as 2.50, with up to two decimals.');
const valueText = decimalText(2, 'Enter a number such as 2.50 or 150.00, with up to two decimals.');
const daysField = (max: number, message: string) =>
  z
    .union([z.string({ error: message }).regex(/^\d{1,4}$/, message), z.number({ error: message }).int(message)], { error: message })
    .transform(Number)
    .refine((n) => n >= 0 && n <= max, message);

export const feeRuleBodySchema = z
  .object({
    name: textField({ min: 1, max: 60, messages: { required: 'The fee needs a name.' } }),
    kind: z.enum(FEE_KINDS, { error: 'Choose processing, insurance or other.' }),
    calc: z.enum(FEE_CALCS, { error: 'Choose percent or fixed.' }),
    value: valueText,
    when: z.enum(FEE_WHENS, { error: 'Choose deducted, capitalised or upfront.' }),
  })
  .strict();
export type FeeRuleBody = z.output<typeof feeRuleBodySchema>;

export const penaltyRuleBodySchema = z
  .object({
    calc: z.enum(FEE_CALCS, { error: 'Choose percent or fixed.' }),
    value: valueText,
    grace_days: daysField(365, 'Grace: a whole number of days from 0 to 365.'),
    stop_months_after_maturity: daysField(120, 'A whole number of months from 0 to 120.').default(3),
  })
  .strict();
export type PenaltyRuleBody = z.output<typeof penaltyRuleBodySchema>;

/** The terms of a version, as a form and the api take them. */
export const productTermsBodyShape = {
  interest_method: z.enum(INTEREST_METHODS, { error: 'Choose flat or declining.' }),
  monthly_rate_percent: rateText,
  min_amount: moneyField(),
  max_amount: moneyField(),
  min_tenure: wholeNumberField(LOAN_TENURE_MAX, `Shortest tenure: a whole number of months from 1 to ${LOAN_TENURE_MAX}.`),
  max_tenure: wholeNumberField(LOAN_TENURE_MAX, `Longest tenure: a whole number of months from 1 to ${LOAN_TENURE_MAX}.`),
  fees: z.array(feeRuleBodySchema).max(10, 'At most 10 fees.').default([]),
  penalty: penaltyRuleBodySchema.nullable().default(null),
  allocation_order: z.array(z.enum(LOAN_PARTS, { error: 'Unknown part.' })).default([...DEFAULT_PART_ORDER]),
  settlement_rebate_percent: percentText.default('0.00'),
};

type Limits = { min_amount: string; max_amount: string; min_tenure: number; max_tenure: number };
const withLimits = <T extends z.ZodType<Limits>>(schema: T) =>
  schema
    .refine((b) => Number(b.min_amount) >= LOAN_AMOUNT_MIN, { message: `The smallest amount is at least ${formatMoney(LOAN_AMOUNT_MIN)}.`, path: ['min_amount'] })
    .refine((b) => Number(b.max_amount) <= LOAN_AMOUNT_MAX, { message: `The largest amount is at most ${formatMoney(LOAN_AMOUNT_MAX)}.`, path: ['max_amount'] })
    .refine((b) => Number(b.min_amount) <= Number(b.max_amount), { message: 'The smallest amount must not exceed the largest.', path: ['max_amount'] })
    .refine((b) => b.min_tenure <= b.max_tenure, { message: 'The shortest tenure must not exceed the longest.', path: ['max_tenure'] });

export const loanProductSaveBodySchema = withLimits(
  z
    .object({
      code: textField({ min: 2, max: 20, messages: { required: 'The code field is required.' } }).pipe(
        z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Letters, digits and dashes only.'),
      ),
      name: textField({ min: 1, max: 80, messages: { required: 'The name field is required.' } }),
      active: z.boolean().default(true),
      ...productTermsBodyShape,
    })
    .strict(),
);
export type LoanProductSaveBody = z.output<typeof loanProductSaveBodySchema>;
export type LoanProductSaveInput = z.input<typeof loanProductSaveBodySchema>;

/** Terms only (the form's preview and the api's preview take them with an amount and tenure). */
export type ProductTermsBody = Pick<
  LoanProductSaveBody,
  'interest_method' | 'monthly_rate_percent' | 'fees' | 'penalty' | 'allocation_order' | 'settlement_rebate_percent'
>;

export const loanProductPreviewBodySchema = z
  .object({
    ...productTermsBodyShape,
    min_amount: moneyField().optional(),
    max_amount: moneyField().optional(),
    min_tenure: productTermsBodyShape.min_tenure.optional(),
    max_tenure: productTermsBodyShape.max_tenure.optional(),
    amount: moneyField({ min: 1n, messages: { required: 'Enter the amount to preview.' } }),
    tenure: wholeNumberField(LOAN_TENURE_MAX, `Tenure: a whole number of months from 1 to ${LOAN_TENURE_MAX}.`),
  })
  .strict();
export type LoanProductPreviewBody = z.output<typeof loanProductPreviewBodySchema>;

// Answers.
export const feeRuleSchema = z.object({ name: z.string(), kind: z.enum(FEE_KINDS), calc: z.enum(FEE_CALCS), value: z.string(), when: z.enum(FEE_WHENS) }).strict();
export const penaltyRuleSchema = z
  .object({ calc: z.enum(FEE_CALCS), value: z.string(), grace_days: z.number().int(), stop_months_after_maturity: z.number().int() })
  .strict();

export const loanProductVersionSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    version: z.number().int(),
    interest_method: z.enum(INTEREST_METHODS),
    monthly_rate_percent: z.string(),
    min_amount: moneySchema,
    max_amount: moneySchema,
    min_tenure: z.number().int(),
    max_tenure: z.number().int(),
    fees: z.array(feeRuleSchema),
    penalty: penaltyRuleSchema.nullable(),
    allocation_order: z.array(z.enum(LOAN_PARTS)),
    settlement_rebate_percent: z.string(),
    created_by: z.number().int().nullable(),
    created_at: z.string(),
  })
  .strict();
export type LoanProductVersion = z.output<typeof loanProductVersionSchema>;

/** A product with its current (newest) version. */
export const loanProductItemSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    active: z.boolean(),
    is_default: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    current: loanProductVersionSchema,
  })
  .strict();
export type LoanProductItem = z.output<typeof loanProductItemSchema>;

export const loanProductListSchema = z.object({ data: z.array(loanProductItemSchema) }).strict();
export type LoanProductList = z.output<typeof loanProductListSchema>;

/** One product and every version, newest first. */
export const loanProductDetailsSchema = loanProductItemSchema.extend({ versions: z.array(loanProductVersionSchema) }).strict();
export type LoanProductDetails = z.output<typeof loanProductDetailsSchema>;

export const loanProductChangeSchema = z.object({ message: z.string(), data: loanProductDetailsSchema }).strict();
export type LoanProductChange = z.output<typeof loanProductChangeSchema>;

export const loanProductPreviewSchema = z
  .object({
    instalments: z.array(
      z.object({ no: z.number().int(), due_date: z.string(), principal: moneySchema, interest: moneySchema, fees: moneySchema, total: moneySchema }).strict(),
    ),
    fees: z.array(z.object({ name: z.string(), kind: z.enum(FEE_KINDS), when: z.enum(FEE_WHENS), amount: moneySchema }).strict()),
    amount: moneySchema,
    payout: moneySchema,
    total_fees: moneySchema,
    total_interest: moneySchema,
    total_repayable: moneySchema,
    instalment_amount: moneySchema,
    last_instalment_amount: moneySchema,
    first_due_date: z.string(),
    penalty_terms: z.string(),
    apr_percent: z.string(),
    ear_percent: z.string(),
  })
  .strict();
export type LoanProductPreview = z.output<typeof loanProductPreviewSchema>;

/**
 * The money rules' terms (libs/loans/rules `ProductTerms`, structurally) of a version or a
 * form's terms: the one mapping the server and the browser use.
 */
export function productTermsOf(t: ProductTermsBody) {
  return {
    interestMethod: t.interest_method,
    monthlyRatePercent: t.monthly_rate_percent,
    fees: t.fees.map((f) => ({ name: f.name, kind: f.kind, calc: f.calc, value: f.value, when: f.when })),
    penalty: t.penalty
      ? { calc: t.penalty.calc, value: t.penalty.value, graceDays: t.penalty.grace_days, stopMonthsAfterMaturity: t.penalty.stop_months_after_maturity }
      : null,
    allocationOrder: [...t.allocation_order],
    settlementRebatePercent: t.settlement_rebate_percent,
  };
}

/** A rules field name ('penalty.graceDays', 'fees.0.value') as the body names it ('penalty.grace_days'). */
export function productFieldName(rulesField: string): string {
  return rulesField
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    .join('.');
}

/** validateTerms' answer ({ field: message }) as the api's 422 field errors, under the body's names. */
export function productFieldErrors(errors: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) (out[productFieldName(k)] ??= []).push(v);
  return out;
}
