/**
 * Repayments (`/api/repayments`, incl. `/bulk-upload`) and the loan disk
 * (`/api/loan-disk/loanById`): loans with their schedule and balance. Balances are computed
 * in SQL (views loan_balances / loan_schedule); these are their wire shapes.
 */
import { z } from 'zod';
import {
  blankAsAbsent,
  businessDateField,
  businessDateSchema,
  idSchema,
  listEnvelope,
  moneyField,
  moneySchema,
  pageParams,
  searchParamSchema,
  textField,
  timestampSchema,
  withDateOrder,
} from './fields';
import { branchFilterSchema, LOAN_KINDS } from './applications';
import { LOAN_STATUSES } from './statuses';
export { REPAYMENT_PATHS, LOAN_DISK_PATHS } from './domain-paths';



export const REPAYMENT_METHODS = ['mobile_money', 'bank', 'cash', 'payroll'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];
export const REPAYMENT_METHOD_LABELS: Readonly<Record<RepaymentMethod, string>> = {
  mobile_money: 'Mobile money',
  bank: 'Bank',
  cash: 'Cash',
  payroll: 'Payroll deduction',
};

/** The bulk upload's header, in this order (NOTES.md "Repayments"). */
export const REPAYMENT_CSV_COLUMNS = ['reference_code', 'amount', 'paid_at', 'method', 'reference', 'note'] as const;
export type RepaymentCsvColumn = (typeof REPAYMENT_CSV_COLUMNS)[number];
export const REPAYMENT_TEMPLATE_FILENAME = 'repayments_template.csv';
/** Most rows one upload takes. */
export const REPAYMENT_UPLOAD_MAX_ROWS = 200_000;
/** Largest upload body (bytes): 200,000 rows of ~100 characters; more is a 413. */
export const REPAYMENT_UPLOAD_MAX_BYTES = 24 * 1024 * 1024;
export const MAX_REFERENCE_LENGTH = 64;
export const MAX_REPAYMENT_NOTE_LENGTH = 500;

// ---------------------------------------------------------------------------------------
// Balances and schedules (the views)
// ---------------------------------------------------------------------------------------

export const LOAN_BALANCE_STATES = ['paid', 'not_disbursed', 'overdue', 'current'] as const;
export type LoanBalanceState = (typeof LOAN_BALANCE_STATES)[number];
export const INSTALMENT_STATUSES = ['paid', 'overdue', 'part_paid', 'due'] as const;

export const loanBalanceSchema = z.object({
  application_id: z.number().int(),
  reference_code: z.string(),
  status: z.enum(LOAN_STATUSES),
  total_due: moneySchema,
  instalments: z.number().int(),
  instalment_amount: moneySchema,
  disbursed_on: businessDateSchema.nullable(),
  maturity_date: businessDateSchema.nullable(),
  paid: moneySchema,
  balance: moneySchema,
  repayments_count: z.number().int(),
  last_paid_on: businessDateSchema.nullable(),
  next_due_no: z.number().int().nullable(),
  next_due_date: businessDateSchema.nullable(),
  next_due_amount: moneySchema.nullable(),
  due_to_date: moneySchema,
  arrears: moneySchema,
  days_past_due: z.number().int(),
  state: z.enum(LOAN_BALANCE_STATES),
});
export type LoanBalance = z.output<typeof loanBalanceSchema>;

export const instalmentSchema = z.object({
  instalment_no: z.number().int(),
  due_date: businessDateSchema,
  amount: moneySchema,
  paid: moneySchema,
  outstanding: moneySchema,
  status: z.enum(INSTALMENT_STATUSES),
});
export type Instalment = z.output<typeof instalmentSchema>;

// ---------------------------------------------------------------------------------------
// Repayments
// ---------------------------------------------------------------------------------------

export const repaymentSchema = z.object({
  id: z.number().int(),
  application_id: z.number().int().nullable(),
  reference_code: z.string().nullable(),
  client_name: z.string().nullable(),
  mobile: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  amount: moneySchema,
  paid_at: businessDateSchema,
  method: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  upload_id: z.number().int().nullable(),
  reversed: z.boolean(),
  reversed_at: timestampSchema.nullable(),
  reversal_reason: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Repayment = z.output<typeof repaymentSchema>;

export const repaymentTotalsSchema = z.object({ count: z.number().int().nonnegative(), amount: moneySchema });
export type RepaymentTotals = z.output<typeof repaymentTotalsSchema>;

export const repaymentListSchema = listEnvelope(repaymentSchema).extend({ totals: repaymentTotalsSchema });
export type RepaymentList = z.output<typeof repaymentListSchema>;

export const REPAYMENT_LIST_STATUSES = ['all', 'active', 'reversed'] as const;

const dateFilter = blankAsAbsent(businessDateField());

const methodFilter = blankAsAbsent(z.enum(REPAYMENT_METHODS, { error: `Must be one of ${REPAYMENT_METHODS.join(', ')}.` }));
const statusFilter = blankAsAbsent(
  z.enum(REPAYMENT_LIST_STATUSES, { error: `Must be one of ${REPAYMENT_LIST_STATUSES.join(', ')}.` }),
);
/** The list's and the export's filters: date range, method, branch, loan (reference code), search, reversed or not. */
const filterFields = {
  search: searchParamSchema,
  fromDate: dateFilter,
  toDate: dateFilter,
  method: methodFilter,
  branch: branchFilterSchema,
  loan: blankAsAbsent(textField({ max: 32 })),
  status: statusFilter,
};
export const repaymentFilterSchema = withDateOrder(z.object(filterFields));
export type RepaymentFilter = z.output<typeof repaymentFilterSchema>;
export const repaymentListQuerySchema = withDateOrder(z.object({ ...pageParams, ...filterFields }));
export type RepaymentListQuery = z.input<typeof repaymentListQuerySchema>;

const positiveAmount = () =>
  moneyField({ min: 1n, messages: { tooSmall: 'Must be more than 0.00.', invalid: 'Enter a positive amount with at most two decimals, such as 1500.00.' } });

const repaymentFields = {
  amount: positiveAmount(),
  paid_at: businessDateField({ required: 'Enter the date it was paid.' }),
  method: z.enum(REPAYMENT_METHODS, { error: `Must be one of ${REPAYMENT_METHODS.join(', ')}.` }),
  reference: textField({ min: 1, max: MAX_REFERENCE_LENGTH, messages: { required: 'Enter the payment reference.' } }),
  note: blankAsAbsent(textField({ max: MAX_REPAYMENT_NOTE_LENGTH, multiline: true })),
};

/** POST /create: one repayment of a loan (by reference code). */
export const repaymentCreateBodySchema = z
  .object({
    reference_code: textField({ min: 1, max: 32, messages: { required: 'Choose the loan.' } }),
    ...repaymentFields,
  })
  .strict();
export type RepaymentCreateBody = z.input<typeof repaymentCreateBodySchema>;
export type RepaymentCreateData = z.output<typeof repaymentCreateBodySchema>;

/** PUT /update/:id: the loan stays; amount, date, method, reference and note may change. */
export const repaymentUpdateBodySchema = z.object(repaymentFields).strict();
export type RepaymentUpdateBody = z.input<typeof repaymentUpdateBodySchema>;
export type RepaymentUpdateData = z.output<typeof repaymentUpdateBodySchema>;

/** DELETE /delete/:id: the reversal's reason. */
export const repaymentDeleteBodySchema = z
  .object({ reason: textField({ min: 3, max: 500, messages: { required: 'Give the reason for the reversal.' } }) })
  .strict();
export type RepaymentDeleteBody = z.input<typeof repaymentDeleteBodySchema>;

/** A repayment saved or reversed, with the loan's balance after it. */
export const repaymentResultSchema = z.object({ repayment: repaymentSchema, balance: loanBalanceSchema.nullable() });
export type RepaymentResult = z.output<typeof repaymentResultSchema>;

/** The loan picker: a payable loan with what the borrower owes and the next instalment. */
export const repayableLoanSchema = loanBalanceSchema.extend({
  fullname: z.string(),
  mobile: z.string(),
  branch_name: z.string().nullable(),
});
export type RepayableLoan = z.output<typeof repayableLoanSchema>;
export const repayableLoanListSchema = listEnvelope(repayableLoanSchema);
export const repayableLoanQuerySchema = z.object({ search: searchParamSchema, pageSize: pageParams.pageSize });

// ---------------------------------------------------------------------------------------
// Bulk upload
// ---------------------------------------------------------------------------------------

/**
 * POST /bulk-upload's body: the CSV file itself, as chosen (Content-Type text/csv), read by
 * the server as a stream. Its first line must be the header REPAYMENT_CSV_COLUMNS.
 */
export const REPAYMENT_UPLOAD_CONTENT_TYPE = 'text/csv';

export const bulkUploadQuerySchema = z.object({
  /** Save (all rows or none); without it the file is only checked. */
  confirm: blankAsAbsent(z.enum(['true', 'false']).transform((v) => v === 'true')),
  file_name: blankAsAbsent(textField({ max: 200 })),
});

/** One problem in the file: the data row (counted from 1), the column, and what is wrong. */
export const bulkUploadErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type BulkUploadError = z.output<typeof bulkUploadErrorSchema>;
/** Most errors an answer lists (error_count counts them all). */
export const BULK_UPLOAD_MAX_ERRORS = 1000;

export const bulkUploadReportSchema = z.object({
  rows: z.number().int(),
  total_amount: moneySchema,
  loans: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(bulkUploadErrorSchema),
  /** Whether the rows were saved (only with confirm and no error). */
  saved: z.boolean(),
  upload_id: z.number().int().nullable(),
});
export type BulkUploadReport = z.output<typeof bulkUploadReportSchema>;

// ---------------------------------------------------------------------------------------
// Loan disk
// ---------------------------------------------------------------------------------------

export const loanDiskQuerySchema = z.object({ id: idSchema });

export const loanDiskSchema = z.object({
  loan: z.object({
    id: z.number().int(),
    kind: z.enum(LOAN_KINDS),
    reference_code: z.string(),
    fullname: z.string(),
    nrc: z.string(),
    mobile: z.string(),
    branch_id: z.number().int().nullable(),
    branch_name: z.string().nullable(),
    status: z.enum(LOAN_STATUSES),
    amount: moneySchema,
    interest: moneySchema,
    total_amount_due: moneySchema,
    tenure_months: z.number().int(),
  }),
  /** Null for an application that is not (yet) a loan: a request or a rejected one. */
  balance: loanBalanceSchema.nullable(),
  schedule: z.array(instalmentSchema),
  repayments: z.array(repaymentSchema),
});
export type LoanDisk = z.output<typeof loanDiskSchema>;
