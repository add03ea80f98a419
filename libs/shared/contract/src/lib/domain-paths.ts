// The api paths of the domains, apart from their schemas: the portal's screen catalog needs
// only the first call of each screen, so its first load stays free of every domain's zod
// schemas (issue 18, bundle budgets). Each domain's module re-exports its own.
import { API } from './paths';

/**
 * The communication domain's api: libs/communication/server serves these paths,
 * libs/communication/data-access calls them. Request and response schemas of every route live here.
 */
export const COMMUNICATION_PATHS = {
  list: '/api/communication/list',
  byId: '/api/communication/byId/:id',
  /** Single, bulk or all: one queued message per recipient, sent in the background. */
  sendSms: '/api/communication/sms',
  /** Single, bulk or all e-mail (`can send email`), the same queue. */
  sendEmail: '/api/communication/email',
  /** Each recipient's rendered text before sending (the same function as the send). */
  preview: '/api/communication/preview',
  /** Sent, delivered, failed and queued counts of one send. */
  batch: '/api/communication/batch/:batchId',
  /** A failed message back to the queue (idempotent). */
  retry: '/api/communication/retry/:id',
  drafts: '/api/communication/drafts',
  /** The branches a sender may address (inside their branch scope). */
  branches: '/api/communication/branches',
  draft: '/api/communication/drafts/:id',
  /** The editable texts: the composer's templates and the reminders' (`can edit message` to change). */
  templates: '/api/communication/templates',
  template: '/api/communication/templates/:key',
} as const;

/**
 * The disbursements of the transactions domain (spec §7 "/api/transactions"): libs/transactions/server
 * serves these paths, libs/transactions/data-access calls them. Request and response schemas of every
 * route live here. The table is `disbursements` (libs/shared/server/src/db/schema/money.ts).
 */
export const DISBURSEMENTS_PATHS = {
  list: '/api/transactions/disbursements',
  byId: '/api/transactions/disbursements/:id',
  /** The filtered list as CSV (same filters as the list). */
  export: '/api/transactions/disbursements/export',
  /** Spec §7 `disburse-client`: the payable loans (signed, not disbursed). */
  payable: '/api/disburse-client',
  /** Spec §7 "disburse single and bulk": each needs an Idempotency-Key header. */
  disburseSingle: '/api/transactions/disburse/single',
  disburseBulk: '/api/transactions/disburse/bulk',
  /** Ask the provider for the outcome now (instead of waiting for the poller or the callback). */
  refresh: '/api/transactions/disbursements/:id/refresh',
  /** A failed one sent again as a new attempt (Idempotency-Key). */
  retry: '/api/transactions/disbursements/:id/retry',
  reconcile: '/api/transactions/disbursements/reconcile',
  remove: '/api/transactions/disbursements/:id',
  /** The provider's callback: signed with the shared secret (HMAC-SHA256 of the body, header X-Callback-Signature). */
  callback: '/api/transactions/disbursements/callback',
  /** The branches (id, name) for the list's branch filter and the rule form. */
  branches: '/api/transactions/disbursements/branches',
  /** Automatic disbursement rules: GET lists them with their last runs, POST adds one. */
  autoRules: '/api/transactions/auto-rules',
  /** PUT edits, DELETE deletes one rule. */
  autoRule: '/api/transactions/auto-rules/:id',
  autoRulePause: '/api/transactions/auto-rules/:id/pause',
  autoRuleResume: '/api/transactions/auto-rules/:id/resume',
  /** What the rule would pay now (nothing is paid). */
  autoRuleDryRun: '/api/transactions/auto-rules/:id/dry-run',
  /** The rule's runs, newest first. */
  autoRuleRuns: '/api/transactions/auto-rules/:id/runs',
  /** Statement reconciliation: POST the statement's lines, answer matched and unmatched on both sides. */
  statementMatch: '/api/transactions/disbursements/statement/match',
  /** Marks the matched disbursements reconciled (in one transaction; idempotent). */
  statementConfirm: '/api/transactions/disbursements/statement/confirm',
} as const;

export const REPAYMENT_PATHS = {
  list: `${API.repayments}/all`,
  export: `${API.repayments}/export`,
  byId: `${API.repayments}/byId/:id`,
  create: `${API.repayments}/create`,
  update: `${API.repayments}/update/:id`,
  /** "Delete" is a reversal with a reason (NOTES.md): the row stays, marked reversed. */
  delete: `${API.repayments}/delete/:id`,
  /** The add form's loan picker: disbursed loans with a balance, with their next instalment. */
  loans: `${API.repayments}/loans`,
  bulkTemplate: `${API.repayments}/bulk-upload/template`,
  /** POST text/csv: validates every row; saves them all (one transaction) only with `confirm=true`. */
  bulkUpload: `${API.repayments}/bulk-upload`,
} as const;

export const LOAN_DISK_PATHS = {
  loanById: `${API.loanDisk}/loanById`,
} as const;

/**
 * The reports domain's api (libs/reports/server serves these paths, libs/reports/data-access
 * calls them). The closed-unsigned report lives with the loans (spec §7,
 * /api/applyForLoan/reports/closed-unsigned); the portfolio reports live here.
 */
export const REPORTS_PATHS = {
  /** Spec §7, served by the loans: json | csv | xlsx of the closed loans never signed. */
  closedUnsigned: `${API.applications}/reports/closed-unsigned`,
  closedUnsignedStatsByBranch: `${API.applications}/reports/closed-unsigned-stats-by-branch`,
  /** The same loans as a paged list (the table on screen). */
  unsignedClosed: `${API.applications}/unsigned-closed`,
  offerLetters: '/api/reports/offer-letters',
  funnel: '/api/reports/funnel',
  portfolioAtRisk: '/api/reports/portfolio-at-risk',
  collections: '/api/reports/collections',
  disbursedRepaid: '/api/reports/disbursed-vs-repaid',
} as const;

/** Settings screens (issue 16): branches and the loan product (`can edit settings`). */
export const SETTINGS_PATHS = {
  loanProduct: '/api/settings/loan-product',
  /** The branches screen's list (`can edit settings`); the users screens read USER_PATHS.branches. */
  branches: '/api/settings/branches',
  branchSave: '/api/branch/save',
  /** Which actions need a second person (maker-checker), and above what disbursement amount. */
  makerChecker: '/api/settings/maker-checker',
} as const;

/** Maker-checker (NOTES.md "Second pair of eyes"): the checker inbox and its decisions. */
export const APPROVALS_PATHS = {
  list: '/api/approvals',
  /** Pending requests the caller may decide (the top bar's count). */
  count: '/api/approvals/count',
  byId: '/api/approvals/:id',
  approve: '/api/approvals/:id/approve',
  reject: '/api/approvals/:id/reject',
} as const;

/**
 * Staff users as the administration screens see them (issue 16, spec §7 "/api/user",
 * NOTES.md "Users and roles"). `GET /api/user` itself stays the signed-in user's own record.
 */
export const USER_PATHS = {
  list: '/api/user/all',
  byId: '/api/user/byId/:id',
  create: '/api/user/create',
  update: '/api/user/update',
  delete: '/api/user/delete',
  resendInvitation: '/api/user/resend-invitation',
  /** Another user's sessions: GET lists them, POST `revoke` ends one (`session`) or all. */
  sessions: '/api/user/byId/:id/sessions',
  revokeSessions: '/api/user/byId/:id/sessions/revoke',
  /** The signed-in user's own notifications (spec §7 "notification"). */
  notification: '/api/user/notification',
  notificationRead: '/api/user/notification/read',
  /** Branches for the users screens' pickers and filters (name, code, active). */
  branches: '/api/branch/all',
  /** Roles for the users screens' pickers and filters (id, name): no `can view roles` needed. */
  roleOptions: '/api/user/role-options',
} as const;

/** `GET /api/audit/all`: the audit trail, newest first, with filters (issue 16). */
export const AUDIT_PATHS = {
  list: '/api/audit/all',
  /** `GET /api/audit/record/:kind/:id`: one record's history (the "History" section of a details page). */
  record: '/api/audit/record/:kind/:id',
} as const;

/**
 * The signed-in user's own sessions (issue 11 item 15, the profile page's "Active
 * sessions"): GET lists them, DELETE `/{id}` ends one, POST `/revoke-others` ends all
 * but the current one ("sign out everywhere else").
 */
export const USER_SESSIONS_PATH = '/api/user/sessions';

/**
 * `GET /api/web/loan-product`: what the borrower form shows and the api enforces of the
 * product (public: limits, rate and fee only, never the settings' other fields).
 */
export const LOAN_LIMITS_PATH = '/api/web/loan-product';

/** The dashboard's calls (spec §3). */
export const DASHBOARD_PATHS = {
  dailyCardStats: '/api/dashboard/daily-card-stats',
  monthlyCardStats: '/api/dashboard/monthly-card-stats',
  monthlyChartStats: '/api/dashboard/monthly-chart-stats',
  smsStats: '/api/dashboard/sms-stats',
  disbursementStats: '/api/dashboard/disbursement-transactions-stats',
  offerLetterCardStats: '/api/loan-offer-letter/card-stats',
} as const;

/**
 * The clients domain's api (issue 32 "Clients"): libs/clients/server serves these paths,
 * libs/clients/data-access calls them. Request and response schemas of every route live here.
 */
export const CLIENTS_PATHS = {
  list: '/api/clients',
  byId: '/api/clients/:id',
  /** Find anything (the portal's top-bar search). */
  search: '/api/search',
} as const;

/** Mobile-money collections and suspense (issue 29; NOTES.md "Collecting money"). */
export const COLLECTIONS_PATHS = {
  request: '/api/collections/request',
  byId: '/api/collections/:id',
  callback: '/api/collections/callback',
  suspense: '/api/suspense',
  suspenseMatch: '/api/suspense/:id/match',
  suspenseRefund: '/api/suspense/:id/refund',
} as const;

/**
 * The general ledger's api (issue 27, NOTES.md "Accounting"): libs/accounting/server serves
 * these paths, libs/accounting/data-access calls them.
 */
export const ACCOUNTING_PATHS = {
  /** The chart of accounts (GET list, POST create). */
  list: '/api/accounting/accounts',
  /** One account (PUT edit, DELETE: 409 when it has postings or the postings need it). */
  byId: '/api/accounting/accounts/:id',
  /** An account's statement: opening balance, its postings (paged), closing balance. */
  statement: '/api/accounting/accounts/:id/statement',
  trialBalance: '/api/accounting/trial-balance',
  /** Manual journal entries (POST). */
  journalEntries: '/api/accounting/journal-entries',
} as const;

/**
 * Loan products (NOTES.md "Loan products and loan accounts"; /settings/loan-products).
 * A product has versions: an edit of its terms makes a new version, an application keeps
 * the version it was priced with. Terms travel in snake_case here; the money rules
 * (libs/loans/rules `ProductTerms`) take them through `productTermsOf`, and their field
 * errors come back to these names through `productFieldName`.
 */
export const LOAN_PRODUCTS_PATHS = {
  /** Every product, active and inactive, with its current version (`view settngs manager module`). */
  list: '/api/loan-products',
  byId: '/api/loan-products/:id',
  /** POST: a new product (`can edit settings`). */
  create: '/api/loan-products',
  /** PUT: name, active and the terms: a new version when the terms change. */
  update: '/api/loan-products/:id',
  deactivate: '/api/loan-products/:id/deactivate',
  setDefault: '/api/loan-products/:id/default',
  /** POST: the schedule and key figures of terms for an amount and tenure (pure, nothing stored). */
  preview: '/api/loan-products/preview',
} as const;
