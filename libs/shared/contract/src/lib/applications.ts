/**
 * Loan applications and top-ups (`/api/applyForLoan`, later `/api/loanTopUp`): the zod
 * schemas of every call, the DTO types of the answers, and small pure helpers (keyset
 * cursor, CSV cell neutralisation). The api validates with these schemas; the web apps
 * type their endpoints with the inferred types. One shape serves both kinds.
 */
import { z } from 'zod';
import { idSchema, MAX_SEARCH_LENGTH } from './common';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
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
    transition: { approved: P.approveApplication, rejected: P.rejectApplication, closed: P.closeApplication },
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
    transition: { approved: P.approveTopup, rejected: P.rejectTopup, closed: P.closeTopup },
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
export const DELETE_MAX_IDS = 500;
/** Largest amount accepted (ZMW), far above any real loan, far below bigint limits. */
export const AMOUNT_MAX = 1_000_000_000;
export const CLOSED_UNSIGNED_CSV_FILENAME = 'unsigned_closed_loans_report.csv';
export const COMMENT_STATUSES = ['open', 'resolved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/** Relations a list or byId call may ask for (`relations=client,comments`). */
export const LOAN_RELATIONS = ['client', 'comments', 'offerLetter'] as const;
export type LoanRelation = (typeof LOAN_RELATIONS)[number];

// ---------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A money amount as a decimal string or number with at most 2 decimals; normalised to "1234.50". */
export const loanAmountSchema = z
  .union([z.string().trim().max(20), z.number()], { error: 'Must be an amount such as 12500.00.' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m || Number(m[1]) > AMOUNT_MAX) {
      ctx.addIssue({ code: 'custom', message: 'Must be an amount such as 12500.00.' });
      return z.NEVER;
    }
    return `${Number(m[1])}.${(m[2] ?? '').padEnd(2, '0')}`;
  });

/** `YYYY-MM-DD`, a real calendar date. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Must be a date such as 2026-01-31.');

export const loanStatusSchema = z.enum(LOAN_STATUSES, { error: `Must be one of ${LOAN_STATUSES.join(', ')}.` });

/** The branch filter: ignored when empty or the text 'null' (spec §5); else a branch id or name. */
export const branchFilterSchema = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  z.string().trim().min(1).max(64, 'At most 64 characters.').optional(),
);

export const searchSchema = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`).optional(),
);

export const perPageSchema = z.coerce
  .number()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Must be one of ${PAGE_SIZES.join(', ')}.`)
  .default(DEFAULT_PAGE_SIZE);

export const pageSchema = z.coerce
  .number({ error: 'Must be a page number from 1.' })
  .int('Must be a page number from 1.')
  .min(1, 'Must be a page number from 1.')
  .max(1_000_000, 'Must be a page number from 1 to 1000000.')
  .default(1);

/** `relations=client,comments` or repeated `relations=client&relations=comments`. */
export const relationsSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z.array(z.enum(LOAN_RELATIONS, { error: `Must be among ${LOAN_RELATIONS.join(', ')}.` })).max(LOAN_RELATIONS.length),
);

const cursorFieldSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(200)
    .refine((s) => decodeCursor(s) !== null, 'Not a valid cursor.')
    .optional(),
);

const paging = {
  page: pageSchema,
  per_page: perPageSchema,
  /** Keyset paging: the `meta.next_cursor` of the previous page; wins over `page`. */
  cursor: cursorFieldSchema,
};

// ---------------------------------------------------------------------------------------
// Queries and bodies
// ---------------------------------------------------------------------------------------

export const loanByStatusQuerySchema = z.object({
  ...paging,
  status: loanStatusSchema,
  search: searchSchema,
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
  search: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: 'Enter something to search for.' })
      .trim()
      .min(1, 'Enter something to search for.')
      .max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`),
  ),
  status: z.preprocess(emptyToUndefined, loanStatusSchema.optional()),
  relations: relationsSchema,
  branch: branchFilterSchema,
});
export type LoanSearchQuery = z.input<typeof loanSearchQuerySchema>;
export type LoanSearchParsed = z.output<typeof loanSearchQuerySchema>;

const optText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `At most ${max} characters.`).optional());

export const loanFilterQuerySchema = z
  .object({
    ...paging,
    nrc: optText(20),
    mobile: optText(20),
    amount: z.preprocess(emptyToUndefined, loanAmountSchema.optional()),
    fromDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    toDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    employer: optText(120),
    status: z.preprocess(emptyToUndefined, loanStatusSchema.optional()),
    reference_code: optText(32),
    branch: branchFilterSchema,
    relations: relationsSchema,
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    path: ['toDate'],
    message: 'Must not be before fromDate.',
  });
export type LoanFilterQuery = z.input<typeof loanFilterQuerySchema>;
export type LoanFilterParsed = z.output<typeof loanFilterQuerySchema>;

export const loanByIdQuerySchema = z.object({ relations: relationsSchema });

export const loanRequestsStatsQuerySchema = z.object({ branch: branchFilterSchema });
export type LoanRequestsStatsQuery = z.input<typeof loanRequestsStatsQuerySchema>;

export const loanStatsByStatusQuerySchema = z.object({ status: loanStatusSchema, branch: branchFilterSchema });
export type LoanStatsByStatusQuery = z.input<typeof loanStatsByStatusQuerySchema>;

export const monthCodeSchema = z.string().regex(/^(0[1-9]|1[0-2])$/, 'Must be a month code 01 to 12.');
export const yearSchema = z
  .string()
  .regex(/^\d{4}$/, 'Must be a year such as 2026.')
  .refine((y) => Number(y) >= 2000 && Number(y) <= 2100, 'Must be a year between 2000 and 2100.');

/** GET /total-value: month (01-12, all months when absent), status, branch; year defaults to this year. */
export const loanTotalValueQuerySchema = z.object({
  month: z.preprocess(emptyToUndefined, monthCodeSchema.optional()),
  year: z.preprocess(emptyToUndefined, yearSchema.optional()),
  status: z.preprocess(emptyToUndefined, loanStatusSchema.optional()),
  branch: branchFilterSchema,
});
export type LoanTotalValueQuery = z.input<typeof loanTotalValueQuerySchema>;

export const loanMonthlyStatsQuerySchema = z.object({
  year: z.preprocess(emptyToUndefined, yearSchema.optional()),
  branch: branchFilterSchema,
});
export type LoanMonthlyStatsQuery = z.input<typeof loanMonthlyStatsQuerySchema>;

export const REPORT_FORMATS = ['json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const closedUnsignedReportQuerySchema = z
  .object({
    fromDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    toDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    branch: branchFilterSchema,
    format: z.preprocess(emptyToUndefined, z.enum(REPORT_FORMATS, { error: 'Must be json or csv.' }).default('json')),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    path: ['toDate'],
    message: 'Must not be before fromDate.',
  });
export type ClosedUnsignedReportQuery = z.input<typeof closedUnsignedReportQuerySchema>;

/** GET /reports/closed-unsigned-stats-by-branch: the report's filters without the format. */
export const closedUnsignedStatsQuerySchema = z
  .object({
    fromDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    toDate: z.preprocess(emptyToUndefined, dateSchema.optional()),
    branch: branchFilterSchema,
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    path: ['toDate'],
    message: 'Must not be before fromDate.',
  });
export type ClosedUnsignedStatsQuery = z.input<typeof closedUnsignedStatsQuerySchema>;

export const unsignedClosedQuerySchema = z.object({ ...paging, branch: branchFilterSchema });
export type UnsignedClosedQuery = z.input<typeof unsignedClosedQuerySchema>;

const nrcSchema = z
  .string()
  .trim()
  .regex(/^\d{6}\/\d{2}\/\d$/, 'Must be an NRC such as 123456/78/9.');
const mobileSchema = z
  .string()
  .trim()
  .regex(/^(\+260|0)\d{9}$/, 'Must be a Zambian mobile number such as 0971234567 or +260971234567.');

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
    employer: z.string().trim().min(1, 'Required.').max(120, 'At most 120 characters.').optional(),
    mobile: mobileSchema.optional(),
    nrc: nrcSchema.optional(),
    branch_id: idSchema.optional(),
    /** Why the status changed; stored as a comment on the application. */
    reason: z.string().trim().min(1).max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters.`).optional(),
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
    comment: z
      .string({ error: 'Required.' })
      .trim()
      .min(1, 'Required.')
      .max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters.`),
  })
  .strict();
export type LoanCommentBody = z.input<typeof loanCommentBodySchema>;

/** PUT /comment-status: mark one comment (by its id) open or resolved. */
export const loanCommentStatusBodySchema = z
  .object({
    id: idSchema,
    status: z.enum(COMMENT_STATUSES, { error: `Must be one of ${COMMENT_STATUSES.join(', ')}.` }),
  })
  .strict();
export type LoanCommentStatusBody = z.input<typeof loanCommentStatusBodySchema>;

/** DELETE /delete: `{ ids: [1, 2] }` (body) or `?ids=1,2` (query). */
export const loanDeleteSchema = z
  .object({
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()) : typeof v === 'number' ? [v] : v),
      z
        .array(idSchema, { error: 'Must be a list of ids.' })
        .min(1, 'Choose at least one.')
        .max(DELETE_MAX_IDS, `At most ${DELETE_MAX_IDS} at once.`)
        .transform((ids) => [...new Set(ids)]),
    ),
  })
  .strict();
export type LoanDeleteBody = z.input<typeof loanDeleteSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------

export interface LoanComment {
  id: number;
  comment: string;
  status: CommentStatus;
  author: string | null;
  created_at: string;
}

export interface LoanClientSummary {
  id: number;
  fullname: string;
  nrc: string;
  mobile: string;
}

export interface LoanOfferLetterSummary {
  id: number;
  status: 'pending' | 'signed' | 'expired';
  created_at: string;
  expires_at: string | null;
  borrower_date: string | null;
}

/** One application or top-up (spec §3 fields plus ids and the branch's name). */
export interface LoanApplication {
  id: number;
  kind: LoanKind;
  reference_code: string;
  status: LoanStatus;
  nrc: string;
  mobile: string;
  employer: string | null;
  /** Decimal strings with 2 places: exact. */
  amount: string;
  total_amount_due: string;
  interest: string;
  tenure_months: number;
  purpose: string | null;
  branch_id: number | null;
  /** The branch's name ('' when the application has none). */
  branch: string;
  client_id: number | null;
  /** The top-up's original loan (null for applications). */
  parent_id: number | null;
  fullname: string;
  approved_at: string | null;
  rejected_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  client?: LoanClientSummary | null;
  comments?: LoanComment[];
  offerLetter?: LoanOfferLetterSummary | null;
}

export interface KeysetPageMeta {
  page: number;
  per_page: number;
  /**
   * Rows matching the query: from the maintained counts for status/branch lists; for
   * searches and filters an exact count up to 1,000 (then `total_capped` is true).
   */
  total: number;
  total_capped: boolean;
  last_page: number;
  /** Pass as `cursor` for the next page (keyset paging); null on the last page. */
  next_cursor: string | null;
}

export interface KeysetPaged<T> {
  data: T[];
  meta: KeysetPageMeta;
}

export interface LoanStatusStats {
  status: LoanStatus;
  count: number;
  total_amount: string;
  total_amount_due: string;
}

/** GET /requests-stats: count and amount per status (and all together). */
export interface LoanRequestsStats {
  total: { count: number; total_amount: string; total_amount_due: string };
  byStatus: Record<LoanStatus, { count: number; total_amount: string; total_amount_due: string }>;
}

/** GET /total-value (spec §3 "Monthly total"). */
export interface MonthlyTotal {
  total_value: string;
  count: number;
  /** The month code asked for (01-12), or 'all'. */
  month: string;
  /** `12,500.00`: thousands separators, 2 decimals, no currency. */
  formatted_total: string;
}

export interface MonthlyStatsMonth {
  req: number;
  app: number;
  rej: number;
  clo: number;
}

/** GET /monthly-stats: counts per status for each month of the year, keyed jan..dec. */
export interface LoanMonthlyStats {
  year: string;
  months: Record<string, MonthlyStatsMonth>;
}

/** A row of the closed-unsigned report and of /unsigned-closed. */
export interface ClosedUnsignedRow {
  id: number;
  reference_code: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string | null;
  branch: string;
  amount: string;
  total_amount_due: string;
  closed_at: string;
  offer_status: 'pending' | 'expired' | 'none';
}

export const CLOSED_UNSIGNED_COLUMNS: readonly (keyof ClosedUnsignedRow)[] = [
  'reference_code',
  'fullname',
  'nrc',
  'mobile',
  'employer',
  'branch',
  'amount',
  'total_amount_due',
  'closed_at',
  'offer_status',
];

export interface ClosedUnsignedBranchStat {
  branch_id: number;
  branch: string;
  count: number;
  total_amount: string;
}

export interface DeleteResult {
  deleted: number;
  ids: number[];
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/** Keyset position: the sort key (created_at as the database's exact text) and id of the last row. */
export interface LoanCursor {
  createdAt: string;
  id: number;
}

const CURSOR_CREATED_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Opaque, URL-safe cursor for keyset paging on (created_at DESC, id DESC). */
export function encodeCursor(cursor: LoanCursor): string {
  return toBase64Url(JSON.stringify([cursor.createdAt, cursor.id]));
}

/** The cursor's position, or null when it is not one this api wrote. */
export function decodeCursor(value: string): LoanCursor | null {
  const text = fromBase64Url(value);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [createdAt, id] = parsed as unknown[];
    if (typeof createdAt !== 'string' || !CURSOR_CREATED_AT.test(createdAt)) return null;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/**
 * One CSV cell. Text a spreadsheet would read as a formula (starting with = + - @, or a
 * tab or carriage return) gets a leading apostrophe; cells with a comma, quote or line
 * break are quoted with inner quotes doubled.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line (CRLF-terminated, RFC 4180). */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** `12,500.00` from an exact decimal string, without floating point. */
export function formatDecimalTotal(decimal: string): string {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return '0.00';
  const whole = m[2].replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (m[3] ?? '').padEnd(2, '0').slice(0, 2);
  return `${m[1] ?? ''}${whole}.${frac}`;
}
