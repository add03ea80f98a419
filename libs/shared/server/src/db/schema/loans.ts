import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, id, money, tstz } from './types';

/** Tables of migrations/0002_loans.sql. */
export const clients = pgTable('clients', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  fullname: text('fullname').notNull(),
  nrc: text('nrc').notNull(),
  mobile: text('mobile').notNull(),
  email: text('email'),
  employer: text('employer'),
  branchId: id('branch_id'),
  address: text('address'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export type LoanKind = 'application' | 'topup';

/** Applications and top-ups (kind). */
export const loanApplications = pgTable('loan_applications', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').$type<LoanKind>().notNull().default('application'),
  referenceCode: text('reference_code').notNull(),
  clientId: id('client_id'),
  parentId: id('parent_id'),
  branchId: id('branch_id'),
  fullname: text('fullname').notNull(),
  nrc: text('nrc').notNull(),
  mobile: text('mobile').notNull(),
  email: text('email'),
  employer: text('employer'),
  purpose: text('purpose'),
  amount: money('amount').notNull(),
  tenureMonths: integer('tenure_months').notNull().default(1),
  interestRate: numeric('interest_rate', { precision: 6, scale: 2 }).notNull().default('0'),
  /** The loan product version it was priced with (1700_loan_products.sql); NULL before products. */
  productVersionId: id('product_version_id'),
  interest: money('interest').notNull().default('0'),
  totalAmountDue: money('total_amount_due').notNull().default('0'),
  status: text('status').$type<'request' | 'approved' | 'rejected' | 'closed'>().notNull().default('request'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdBy: id('created_by'),
  updatedBy: id('updated_by'),
  approvedAt: tstz('approved_at'),
  rejectedAt: tstz('rejected_at'),
  closedAt: tstz('closed_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Kept by triggers on loan_applications: read counts/sums here instead of scanning. */
export const loanStatsMonthly = pgTable(
  'loan_stats_monthly',
  {
    kind: text('kind').$type<LoanKind>().notNull(),
    status: text('status').notNull(),
    /** 0 = no branch. */
    branchId: bigint('branch_id', { mode: 'number' }).notNull().default(0),
    /** 'YYYY-MM-01' (UTC month of created_at). */
    month: date('month', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    totalAmountDue: numeric('total_amount_due', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.status, t.branchId, t.month] })],
);

export const applicationComments = pgTable('application_comments', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  applicationId: id('application_id').notNull(),
  userId: id('user_id'),
  body: text('body').notNull(),
  status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const offerLetters = pgTable('offer_letters', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  applicationId: id('application_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  status: text('status').$type<'pending' | 'signed' | 'expired'>().notNull().default('pending'),
  principal: money('principal').notNull(),
  interest: money('interest').notNull().default('0'),
  totalAmountDue: money('total_amount_due').notNull(),
  tenureMonths: integer('tenure_months').notNull(),
  termsConditions: text('terms_conditions').notNull(),
  processingFee: money('processing_fee').notNull().default('0'),
  termsVersion: integer('terms_version'),
  authorizedRepName: text('authorized_rep_name').notNull(),
  authorizedRepDate: date('authorized_rep_date', { mode: 'string' }).notNull(),
  authorizedRepSignature: bytea('authorized_rep_signature'),
  authorizedRepSignatureMime: text('authorized_rep_signature_mime'),
  borrowerName: text('borrower_name'),
  borrowerDate: date('borrower_date', { mode: 'string' }),
  borrowerSignature: bytea('borrower_signature'),
  borrowerSignatureMime: text('borrower_signature_mime'),
  signedAt: tstz('signed_at'),
  signedIp: text('signed_ip'),
  signedUserAgent: text('signed_user_agent'),
  signedSha256: text('signed_sha256'),
  expiresAt: tstz('expires_at').notNull(),
  sentAt: tstz('sent_at'),
  idempotencyKey: text('idempotency_key'),
  expiredReason: text('expired_reason').$type<'lapsed' | 'replaced'>(),
  openedAt: tstz('opened_at'),
  openedIp: text('opened_ip'),
  openedUserAgent: text('opened_user_agent'),
  lastOpenedAt: tstz('last_opened_at'),
  openCount: integer('open_count').notNull().default(0),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
