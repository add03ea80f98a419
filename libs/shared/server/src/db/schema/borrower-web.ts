import { integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/** Tables of migrations/0004_borrower_web.sql. */
export const otpCodes = pgTable('otp_codes', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  mobile: text('mobile').notNull(),
  purpose: text('purpose').notNull().default('application'),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tstz('expires_at').notNull(),
  consumedAt: tstz('consumed_at'),
  verifiedAt: tstz('verified_at'),
  ticketHash: text('ticket_hash'),
  ticketExpiresAt: tstz('ticket_expires_at'),
  ticketUsedAt: tstz('ticket_used_at'),
  ipAddress: text('ip_address'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const calculatorAttempts = pgTable('calculator_attempts', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  amount: money('amount').notNull(),
  tenureMonths: integer('tenure_months').notNull(),
  interestRate: numeric('interest_rate', { precision: 6, scale: 2 }).notNull(),
  monthlyInstalment: money('monthly_instalment').notNull(),
  totalAmountDue: money('total_amount_due').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const unfinishedApplications = pgTable('unfinished_applications', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  mobile: text('mobile').notNull(),
  data: jsonb('data').notNull().default({}),
  step: integer('step').notNull().default(1),
  ipAddress: text('ip_address'),
  completedAt: tstz('completed_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const ipRecords = pgTable('ip_records', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  ipAddress: text('ip_address').notNull(),
  userAgent: text('user_agent'),
  purpose: text('purpose').notNull().default('visit'),
  clientId: id('client_id'),
  applicationId: id('application_id'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
