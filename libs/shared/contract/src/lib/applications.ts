/**
 * Loan applications and top-ups (`/api/applyForLoan`, later `/api/loanTopUp`): the zod
 * schemas of every call, the DTO types of the answers, and small pure helpers (keyset
 * cursor). The api validates with these schemas; the web apps
 * type their endpoints with the inferred types. One shape serves both kinds.
 */
import { z } from 'zod';
import {
  blankAsAbsent,
  formatAmount,
  businessDateSchema,
  idSchema,
  idsBodySchema,
  MAX_SEARCH_LENGTH,
  mobileSchema,
  moneyField,
  moneySchema,
  nrcSchema,
  searchParamSchema,
  textField,
  timestampSchema,
  withDateOrder,
  listEnvelope,
  listPageParams,
  sortField,
  type ListCursor,
  type Sort,
} from './fields';
import { P, type PermissionName } from './permissions';
import { LOAN_STATUSES, type LoanStatus } from './statuses';

// ---------------------------------------------------------------------------------------
// Kinds and their permissions
// ---------------------------------------------------------------------------------------

export const LOAN_KINDS = ['application', 'topup'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

export interface LoanKindPermissions {
  /** List everything of the kind (all, filter, search, stats, reports). */
  list: PermissionName;
  view: PermissionName;
  edit: PermissionName;
  delete: PermissionName;
  /** The permission a status change to the given status needs. */
  transition: Record<Exclude<LoanStatus, 'request'>, PermissionName>;
  /** The permission a by-status list of the given status needs. */
  byStatus: Record<LoanStatus, PermissionName>;
}

/** Which catalog permission each action on each kind needs (the server enforces these). */
export const LOAN_KIND_PERMISSIONS: Readonly<Record<LoanKind, LoanKindPermissions>> = {
  application: {
    list: P.viewLoanApplications,
    view: P.viewApplication,
    edit: P.editApplication,
    delete: P.deleteApplication,
    transition: {
      approved: P.approveApplication,
      rejected: P.rejectApplication,
      closed: P.closeApplication,
    },
    byStatus: {
      request: P.viewRequestApplications,
      approved: P.viewApprovedApplications,
      rejected: P.viewRejectedApplications,
      closed: P.viewClosedApplications,
    },
  },
  topup: {
    list: P.viewLoanTopups,
    view: P.viewTopup,
    edit: P.editTopup,
    delete: P.deleteTopup,
    transition: {
      approved: P.approveTopup,
      rejected: P.rejectTopup,
      closed: P.closeTopup,
    },
    byStatus: {
      request: P.viewRequestTopups,
      approved: P.viewApprovedTopups,
      rejected: P.viewRejectedTopups,
      closed: P.viewClosedTopups,
    },
  },
};

// ---------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------

export const COMMENT_MAX_LENGTH = 2000;
/** Largest amount accepted (ZMW), far above any real loan, far below bigint limits. */
export const AMOUNT_MAX = 1_000_000_000;
export const CLOSED_UNSIGNED_CSV_FILENAME = 'unsigned_closed_loans_report.csv';
export const COMMENT_STATUSES = ['open', 'resolved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/** Relations a list or byId call may ask for (`relations=client,comments`). */
export const LOAN_RELATIONS = ['client', 'comments', 'offerLetter', 'history'] as const;
export type LoanRelation = (typeof LOAN_RELATIONS)[number];

// ---------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------

/** An application's amount: whole kwacha up to AMOUNT_MAX, at most two decimals; answers '12500.00'. */
export const loanAmountSchema = moneyField({ max: BigInt(AMOUNT_MAX) * 100n });

export const loanStatusSchema = z.enum(LOAN_STATUSES, {
  error: `Must be one of ${LOAN_STATUSES.join(', ')}.`,
});

/** The branch filter: ignored when empty or the text 'null' (spec §5); else a branch id or name. */
export const branchFilterSchema = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  textField({ min: 1, max: 64, messages: { tooLong: 'At most 64 characters.' } }).optional(),
);

/** `relations=client,comments` or repeated `relations=client&relations=comments`. */
export const relationsSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z
    .array(
      z.enum(LOAN_RELATIONS, {
        error: `Must be among ${LOAN_RELATIONS.join(', ')}.`,
      }),
    )
    .max(LOAN_RELATIONS.length),
);

const paging = listPageParams;

/** Columns the loan lists sort by: `?sort=-created_at` (the default), `created_at`, `amount`, `-amount`. */
export const LOAN_SORTS = ['created_at', 'amount'] as const;
export type LoanSortColumn = (typeof LOAN_SORTS)[number];
export type LoanSort = Sort<LoanSortColumn>;
export const DEFAULT_LOAN_SORT: LoanSort = { column: 'created_at', direction: 'desc' };
/** The list's order as sent (`-amount`); the cursor records it. */
export const loanSortText = (s: LoanSort): string => `${s.direction === 'desc' ? '-' : ''}${s.column}`;
/** `?sort=`: absent or blank is newest first. */
export const loanSortSchema = blankAsAbsent(sortField(LOAN_SORTS));

// ---------------------------------------------------------------------------------------
// Queries and bodies
// ---------------------------------------------------------------------------------------

export const loanByStatusQuerySchema = z.object({
  ...paging,
  sort: loanSortSchema,
  status: loanStatusSchema,
  search: searchParamSchema,
  relations: relationsSchema,
  branch: branchFilterSchema,
});
export type LoanByStatusQuery = z.input<typeof loanByStatusQuerySchema>;
export type LoanByStatusParsed = z.output<typeof loanByStatusQuerySchema>;

export const loanAllQuerySchema = z.object({
  ...paging,
  relations: relationsSchema,
  branch: branchFilterSchema,
});
export type LoanAllQuery = z.input<typeof loanAllQuerySchema>;
export type LoanAllParsed = z.output<typeof loanAllQuerySchema>;

export const loanSearchQuerySchema = z.object({
  ...paging,
  search: textField({
    min: 1,
    max: MAX_SEARCH_LENGTH,
    messages: {
      required: 'Enter something to search for.',
      tooLong: `At most ${MAX_SEARCH_LENGTH} characters.`,
    },
  }),
  status: blankAsAbsent(loanStatusSchema),
  relations: relationsSchema,
  branch: branchFilterSchema,
});
export type LoanSearchQuery = z.input<typeof loanSearchQuerySchema>;
export type LoanSearchParsed = z.output<typeof loanSearchQuerySchema>;

const optText = (max: number) => blankAsAbsent(textField({ max, messages: { tooLong: `At most ${max} characters.` } }));

/** `fromDate` and `toDate` of a filter, each absent when blank (withDateOrder checks their order). */
const dateRange = {
  fromDate: blankAsAbsent(businessDateSchema),
  toDate: blankAsAbsent(businessDateSchema),
};

export const loanFilterQuerySchema = withDateOrder(
  z.object({
    ...paging,
    sort: loanSortSchema,
    nrc: optText(20),
    mobile: optText(20),
    amount: blankAsAbsent(loanAmountSchema),
    ...dateRange,
    employer: optText(120),
    status: blankAsAbsent(loanStatusSchema),
    reference_code: optText(32),
    branch: branchFilterSchema,
    relations: relationsSchema,
    /** The list's search with the filters (issue 12: they work together). */
    search: searchParamSchema,
  }),
);
/**
 * GET /export: the CSV of one status's list as filtered on screen (search and the /filter
 * fields, in the list's sort), every page, streamed. Gated by that status's list permission.
 */
export const loanExportQuerySchema = withDateOrder(
  z.object({
    status: loanStatusSchema,
    search: searchParamSchema,
    sort: loanSortSchema,
    nrc: optText(20),
    mobile: optText(20),
    amount: blankAsAbsent(loanAmountSchema),
    ...dateRange,
    employer: optText(120),
    reference_code: optText(32),
    branch: branchFilterSchema,
  }),
);
export type LoanExportQuery = z.input<typeof loanExportQuerySchema>;

/** The columns every loan CSV starts with (the list export and the closed-unsigned report). */
const LOAN_CSV_COLUMNS = [
  'reference_code',
  'fullname',
  'nrc',
  'mobile',
  'employer',
  'branch',
  'amount',
  'total_amount_due',
] as const;

/** The export's columns, in order (the CSV's header row). */
export const LOAN_EXPORT_COLUMNS = [
  ...LOAN_CSV_COLUMNS,
  'tenure_months',
  'status',
  'created_at',
] as const satisfies readonly (keyof LoanApplication)[];

/** The export's file name: `topup_requests.csv`, `application_closed.csv`. */
export const loanExportFilename = (kind: LoanKind, status: LoanStatus): string => `${kind}_${status === 'request' ? 'requests' : status}.csv`;

export type LoanFilterQuery = z.input<typeof loanFilterQuerySchema>;
export type LoanFilterParsed = z.output<typeof loanFilterQuerySchema>;

export const loanByIdQuerySchema = z.object({ relations: relationsSchema });

export const loanRequestsStatsQuerySchema = z.object({
  branch: branchFilterSchema,
});
export type LoanRequestsStatsQuery = z.input<typeof loanRequestsStatsQuerySchema>;

export const loanStatsByStatusQuerySchema = z.object({
  status: loanStatusSchema,
  branch: branchFilterSchema,
});
export type LoanStatsByStatusQuery = z.input<typeof loanStatsByStatusQuerySchema>;

export const monthCodeSchema = z.string().regex(/^(0[1-9]|1[0-2])$/, 'Must be a month code 01 to 12.');
export const yearSchema = z
  .string()
  .regex(/^\d{4}$/, 'Must be a year such as 2026.')
  .refine((y) => Number(y) >= 2000 && Number(y) <= 2100, 'Must be a year between 2000 and 2100.');

/** GET /total-value: month (01-12, all months when absent), status, branch; year defaults to this year. */
export const loanTotalValueQuerySchema = z.object({
  month: blankAsAbsent(monthCodeSchema),
  year: blankAsAbsent(yearSchema),
  status: blankAsAbsent(loanStatusSchema),
  branch: branchFilterSchema,
});
export type LoanTotalValueQuery = z.input<typeof loanTotalValueQuerySchema>;

export const loanMonthlyStatsQuerySchema = z.object({
  year: blankAsAbsent(yearSchema),
  branch: branchFilterSchema,
});
export type LoanMonthlyStatsQuery = z.input<typeof loanMonthlyStatsQuerySchema>;

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** GET /reports/closed-unsigned-stats-by-branch: the report's filters without the format. */
const closedUnsignedFilters = { ...dateRange, branch: branchFilterSchema };

export const closedUnsignedReportQuerySchema = withDateOrder(
  z.object({
    ...closedUnsignedFilters,
    format: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(REPORT_FORMATS, { error: 'Must be json, csv or xlsx.' }).default('json'),
    ),
  }),
);
export type ClosedUnsignedReportQuery = z.input<typeof closedUnsignedReportQuerySchema>;

export const closedUnsignedStatsQuerySchema = withDateOrder(z.object(closedUnsignedFilters));
export type ClosedUnsignedStatsQuery = z.input<typeof closedUnsignedStatsQuerySchema>;

export const unsignedClosedQuerySchema = withDateOrder(
  z.object({
    ...paging,
    ...dateRange,
    branch: branchFilterSchema,
  }),
);
export type UnsignedClosedQuery = z.input<typeof unsignedClosedQuerySchema>;

/**
 * PUT /update: `id` plus at least one change. A `status` change follows the transitions
 * (409 otherwise) and needs the approve/reject/close permission; field edits need edit.
 */
export const loanUpdateBodySchema = z
  .object({
    id: idSchema,
    status: loanStatusSchema.optional(),
    amount: loanAmountSchema.optional(),
    total_amount_due: loanAmountSchema.optional(),
    employer: textField({ min: 1, max: 120 }).optional(),
    mobile: mobileSchema.optional(),
    nrc: nrcSchema.optional(),
    branch_id: idSchema.optional(),
    /** Why the status changed; stored as a comment on the application. */
    reason: textField({
      min: 1,
      max: COMMENT_MAX_LENGTH,
      multiline: true,
    }).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'id' && k !== 'reason'), {
    message: 'Nothing to update.',
    path: ['id'],
  });
export type LoanUpdateBody = z.input<typeof loanUpdateBodySchema>;
export type LoanUpdateParsed = z.output<typeof loanUpdateBodySchema>;

/** PUT /comment: add a comment to an application. */
export const loanCommentBodySchema = z
  .object({
    id: idSchema,
    comment: textField({ min: 1, max: COMMENT_MAX_LENGTH, multiline: true }),
  })
  .strict();
export type LoanCommentBody = z.input<typeof loanCommentBodySchema>;

/** PUT /comment-status: mark one comment (by its id) open or resolved. */
export const loanCommentStatusBodySchema = z
  .object({
    id: idSchema,
    status: z.enum(COMMENT_STATUSES, {
      error: `Must be one of ${COMMENT_STATUSES.join(', ')}.`,
    }),
  })
  .strict();
export type LoanCommentStatusBody = z.input<typeof loanCommentStatusBodySchema>;

/** DELETE /delete: `{ ids: [1, 2] }` (body) or `?ids=1,2` (query). */
export const loanDeleteSchema = idsBodySchema;
export type LoanDeleteBody = z.input<typeof loanDeleteSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------

export const loanCommentSchema = z.object({
  id: z.number().int().positive(),
  comment: z.string(),
  status: z.enum(COMMENT_STATUSES),
  author: z.string().nullable(),
  created_at: timestampSchema,
});
export type LoanComment = z.infer<typeof loanCommentSchema>;

export const loanClientSummarySchema = z.object({
  id: z.number().int().positive(),
  fullname: z.string(),
  nrc: nrcSchema,
  mobile: z.string(),
});
export type LoanClientSummary = z.infer<typeof loanClientSummarySchema>;

export const loanOfferLetterSummarySchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(['pending', 'signed', 'expired']),
  created_at: timestampSchema,
  expires_at: timestampSchema.nullable(),
  borrower_date: z.string().nullable(),
});
export type LoanOfferLetterSummary = z.infer<typeof loanOfferLetterSummarySchema>;

const optionalId = z.number().int().positive().nullable();

/**
 * One step of a loan's history, from the audit trail (`relations=history`): its status
 * changes and its offer letters' events, with who and when ("the borrower" signs).
 */
export const loanHistoryEventSchema = z.object({
  action: z.string(),
  /** 'Approved', 'Offer letter generated', ... */
  label: z.string(),
  at: timestampSchema,
  /** The staff member's name; null for the borrower or the system. */
  actor: z.string().nullable(),
  /** A rejection's reason, a letter's id. */
  detail: z.string().nullable(),
});
export type LoanHistoryEvent = z.infer<typeof loanHistoryEventSchema>;

/**
 * One application or top-up as every answer carries it (spec §3 fields plus ids and the
 * branch's name); the report rows are a part of it. Amounts are exact wire strings.
 */
export const loanApplicationSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(LOAN_KINDS),
  reference_code: z.string(),
  status: z.enum(LOAN_STATUSES),
  nrc: nrcSchema,
  mobile: z.string(),
  employer: z.string().nullable(),
  amount: moneySchema,
  total_amount_due: moneySchema,
  interest: moneySchema,
  tenure_months: z.number().int().positive(),
  purpose: z.string().nullable(),
  branch_id: optionalId,
  /** The branch's name ('' when the application has none). */
  branch: z.string(),
  client_id: optionalId,
  /** The top-up's original loan (null for applications). */
  parent_id: optionalId,
  fullname: z.string(),
  approved_at: timestampSchema.nullable(),
  rejected_at: timestampSchema.nullable(),
  closed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  client: loanClientSummarySchema.nullable().optional(),
  comments: z.array(loanCommentSchema).optional(),
  offerLetter: loanOfferLetterSummarySchema.nullable().optional(),
  history: z.array(loanHistoryEventSchema).optional(),
});
export type LoanApplication = z.infer<typeof loanApplicationSchema>;

/** Every list of applications (all, byStatus, search, filter, unsigned-closed). */
export const loanListSchema = listEnvelope(loanApplicationSchema);

const countSchema = z.number().int().nonnegative();

/** Count, amount and amount due of a set of applications (exact decimal strings). */
export const loanTotalsSchema = z
  .object({ count: countSchema, total_amount: moneySchema, total_amount_due: moneySchema })
  .strict();
export type LoanTotals = z.infer<typeof loanTotalsSchema>;

/** GET /stats/byStatus. */
export const loanStatusStatsSchema = loanTotalsSchema.extend({ status: z.enum(LOAN_STATUSES) }).strict();
export type LoanStatusStats = z.infer<typeof loanStatusStatsSchema>;

/** GET /requests-stats: count and amount per status (and all together). */
export const loanRequestsStatsSchema = z
  .object({
    total: loanTotalsSchema,
    byStatus: z.object(Object.fromEntries(LOAN_STATUSES.map((s) => [s, loanTotalsSchema])) as Record<LoanStatus, typeof loanTotalsSchema>).strict(),
  })
  .strict();
export type LoanRequestsStats = z.infer<typeof loanRequestsStatsSchema>;

/** GET /total-value (spec §3 "Monthly total"). */
export const monthlyTotalSchema = z
  .object({
    total_value: moneySchema,
    count: countSchema,
    /** The month code asked for (01-12), or 'all'. */
    month: z.union([monthCodeSchema, z.literal('all')]),
    /** `12,500.00`: thousands separators, 2 decimals, no currency. */
    formatted_total: z.string().regex(/^-?\d{1,3}(,\d{3})*\.\d{2}$/),
  })
  .strict();
export type MonthlyTotal = z.infer<typeof monthlyTotalSchema>;

export const monthlyStatsMonthSchema = z.object({ req: countSchema, app: countSchema, rej: countSchema, clo: countSchema }).strict();
export type MonthlyStatsMonth = z.infer<typeof monthlyStatsMonthSchema>;

/** GET /monthly-stats: counts per status for each month of the year, keyed jan..dec. */
export const loanMonthlyStatsSchema = z
  .object({ year: z.string().regex(/^\d{4}$/), months: z.record(z.string(), monthlyStatsMonthSchema) })
  .strict();
export type LoanMonthlyStats = z.infer<typeof loanMonthlyStatsSchema>;

/** A row of the closed-unsigned report: the loan's columns a spreadsheet needs, and its letter's state. */
export const closedUnsignedRowSchema = loanApplicationSchema
  .pick({
    id: true,
    reference_code: true,
    fullname: true,
    nrc: true,
    mobile: true,
    employer: true,
    branch: true,
    amount: true,
    total_amount_due: true,
  })
  .extend({
    closed_at: timestampSchema,
    offer_status: z.enum(['pending', 'expired', 'none']),
  });
export type ClosedUnsignedRow = z.infer<typeof closedUnsignedRowSchema>;

export const CLOSED_UNSIGNED_COLUMNS: readonly (keyof ClosedUnsignedRow)[] = [
  ...LOAN_CSV_COLUMNS,
  'closed_at',
  'offer_status',
];

export const closedUnsignedBranchStatSchema = z
  .object({ branch_id: z.number().int().nonnegative(), branch: z.string(), count: countSchema, total_amount: moneySchema })
  .strict();
export type ClosedUnsignedBranchStat = z.infer<typeof closedUnsignedBranchStatSchema>;
export const closedUnsignedStatsSchema = z.array(closedUnsignedBranchStatSchema);

/** DELETE /delete: how many were deleted, and which. */
export const deleteResultSchema = z.object({ deleted: countSchema, ids: z.array(idSchema) }).strict();
export type DeleteResult = z.infer<typeof deleteResultSchema>;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/** Keyset position of the loan lists (the list kit's cursor). */
export type LoanCursor = ListCursor;

/** `12,500.00` from an exact decimal string, without floating point (the one formatter's amount). */
export const formatDecimalTotal = (decimal: string): string => formatAmount(decimal);
