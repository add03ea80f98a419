import { z } from 'zod';
import { CLOSED_UNSIGNED_CSV_FILENAME, REPORT_FORMATS, branchFilterSchema } from './applications';
import { blankAsAbsent, businessDateSchema, moneySchema, withDateOrder } from './fields';
export { REPORTS_PATHS } from './domain-paths';


/** Download file names (the extension follows the format). */
export const REPORT_FILE_NAMES = {
  closedUnsigned: CLOSED_UNSIGNED_CSV_FILENAME,
  offerLetters: 'offer_letters_report',
  funnel: 'applications_funnel_report',
  portfolioAtRisk: 'portfolio_at_risk_report',
  collections: 'collections_report',
  disbursedRepaid: 'disbursed_vs_repaid_report',
} as const;

/** The spec's outcome messages of a report download (spec §8). */
export const REPORT_DOWNLOAD_MESSAGES = {
  success: 'Report downloaded successfully',
  failed: 'Failed to download report',
  error: 'Error downloading report',
} as const;

const countSchema = z.number().int().nonnegative();
/** A duration in hours (one decimal), null when nothing was measured. */
const hoursSchema = z.number().nonnegative().nullable();
/** A share between 0 and 1 (four decimals), null when its base is zero. */
const rateSchema = z.number().min(0).nullable();

/**
 * Every portfolio report's filters (spec §5: sent only when present): created between
 * fromDate and toDate (Lusaka days, Africa/Lusaka: the business dates of NOTES.md),
 * one branch (id or name), and the format: json on screen, csv or xlsx as a download.
 */
export const reportFiltersSchema = withDateOrder(
  z.object({
    fromDate: blankAsAbsent(businessDateSchema),
    toDate: blankAsAbsent(businessDateSchema),
    branch: branchFilterSchema,
    format: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(REPORT_FORMATS, { error: 'Must be json, csv or xlsx.' }).default('json'),
    ),
  }),
);
export type ReportFiltersQuery = z.input<typeof reportFiltersSchema>;
export type ReportFilters = z.output<typeof reportFiltersSchema>;

/**
 * Offer letters of one month (of their creation, Lusaka): by state as the dashboard counts
 * them (a pending letter past its expiry is expired), and the median time from sending to
 * signing of those signed.
 */
export const offerLettersMonthSchema = z
  .object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    pending: countSchema,
    signed: countSchema,
    expired: countSchema,
    total: countSchema,
    median_hours_to_sign: hoursSchema,
  })
  .strict();
export type OfferLettersMonth = z.infer<typeof offerLettersMonthSchema>;

export const offerLettersReportSchema = z
  .object({ months: z.array(offerLettersMonthSchema), totals: offerLettersMonthSchema.omit({ month: true }) })
  .strict();
export type OfferLettersReport = z.infer<typeof offerLettersReportSchema>;

export const FUNNEL_STEPS = ['requested', 'approved', 'signed', 'disbursed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  requested: 'Requested',
  approved: 'Approved',
  signed: 'Signed',
  disbursed: 'Disbursed',
};

/**
 * One step of the applications funnel, over the applications and top-ups requested in the
 * range: how many reached it, the share of the previous step (and of all requested), and
 * the median hours from the previous step.
 */
export const funnelStepSchema = z
  .object({
    step: z.enum(FUNNEL_STEPS),
    count: countSchema,
    rate_from_previous: rateSchema,
    rate_from_requested: rateSchema,
    median_hours_from_previous: hoursSchema,
  })
  .strict();
export type FunnelStepRow = z.infer<typeof funnelStepSchema>;

export const funnelReportSchema = z.object({ steps: z.array(funnelStepSchema) }).strict();
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/**
 * Portfolio at risk, as of today (Africa/Lusaka): the outstanding balance of disbursed loans
 * not yet repaid (from `loan_balances`, the one source of balances) by days past due, and
 * PAR30/60/90, the share of the outstanding balance more than 30/60/90 days past due.
 */
export const parFiguresSchema = z
  .object({
    loans: countSchema,
    outstanding: moneySchema,
    current: moneySchema,
    dpd_1_30: moneySchema,
    dpd_31_60: moneySchema,
    dpd_61_90: moneySchema,
    dpd_over_90: moneySchema,
    par30: rateSchema,
    par60: rateSchema,
    par90: rateSchema,
  })
  .strict();
export type ParFigures = z.infer<typeof parFiguresSchema>;

export const parBranchSchema = parFiguresSchema.extend({ branch_id: z.number().int().nonnegative(), branch: z.string() }).strict();
export type ParBranch = z.infer<typeof parBranchSchema>;

export const portfolioAtRiskSchema = z
  .object({ as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), branches: z.array(parBranchSchema), totals: parFiguresSchema })
  .strict();
export type PortfolioAtRisk = z.infer<typeof portfolioAtRiskSchema>;

export const PAR_BUCKETS = ['current', 'dpd_1_30', 'dpd_31_60', 'dpd_61_90', 'dpd_over_90'] as const;
export type ParBucket = (typeof PAR_BUCKETS)[number];
export const PAR_BUCKET_LABELS: Record<ParBucket, string> = {
  current: 'Current',
  dpd_1_30: '1–30 days',
  dpd_31_60: '31–60 days',
  dpd_61_90: '61–90 days',
  dpd_over_90: '90+ days',
};

/**
 * Collections: what fell due by today (the instalments of `loan_schedule` by due date) against what
 * was collected (repayments not reversed, by paid date), per month and branch; a month's
 * row with branch_id 0 is all branches, the row with month 'All' the whole range.
 */
export const collectionsRowSchema = z
  .object({
    month: z.union([z.string().regex(/^\d{4}-\d{2}$/), z.literal('All')]),
    branch_id: z.number().int().nonnegative(),
    branch: z.string(),
    due: moneySchema,
    collected: moneySchema,
    collection_rate: rateSchema,
  })
  .strict();
export type CollectionsRow = z.infer<typeof collectionsRowSchema>;
export const collectionsReportSchema = z.object({ rows: z.array(collectionsRowSchema) }).strict();
export type CollectionsReport = z.infer<typeof collectionsReportSchema>;

/** Disbursed (successful disbursements, Lusaka month) against repaid (repayments not reversed) per month. */
export const cashflowMonthSchema = z
  .object({
    month: z.union([z.string().regex(/^\d{4}-\d{2}$/), z.literal('All')]),
    disbursed: moneySchema,
    disbursed_count: countSchema,
    repaid: moneySchema,
    repaid_count: countSchema,
  })
  .strict();
export type CashflowMonth = z.infer<typeof cashflowMonthSchema>;
export const cashflowReportSchema = z.object({ months: z.array(cashflowMonthSchema), totals: cashflowMonthSchema }).strict();
export type CashflowReport = z.infer<typeof cashflowReportSchema>;
