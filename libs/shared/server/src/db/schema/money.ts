import { boolean, date, pgTable, text } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/** Tables of migrations/0003_money_and_messages.sql. */
export const autoDisburseRules = pgTable('auto_disburse_rules', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  kind: text('kind').$type<'application' | 'topup' | 'any'>().notNull().default('application'),
  branchId: id('branch_id'),
  minAmount: money('min_amount').notNull().default('0'),
  maxAmount: money('max_amount').notNull(),
  dailyLimit: money('daily_limit'),
  method: text('method').notNull().default('mobile_money'),
  active: boolean('active').notNull().default(true),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const disbursements = pgTable('disbursements', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  applicationId: id('application_id'),
  clientId: id('client_id'),
  branchId: id('branch_id'),
  amount: money('amount').notNull(),
  mode: text('mode').$type<'instant_single' | 'instant_bulk' | 'auto'>().notNull(),
  method: text('method').$type<'mobile_money' | 'bank' | 'cash'>().notNull().default('mobile_money'),
  recipient: text('recipient').notNull(),
  status: text('status').$type<'pending' | 'success' | 'failed'>().notNull().default('pending'),
  provider: text('provider').notNull().default('local'),
  providerRef: text('provider_ref'),
  failureReason: text('failure_reason'),
  batchId: text('batch_id'),
  ruleId: id('rule_id'),
  /** Our X-Reference-Id at the provider (0820_disbursement_rules.sql). */
  referenceId: text('reference_id'),
  settledAt: tstz('settled_at'),
  reconciled: boolean('reconciled').notNull().default(false),
  reconciledAt: tstz('reconciled_at'),
  reconciledBy: id('reconciled_by'),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const repayments = pgTable('repayments', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  applicationId: id('application_id'),
  clientId: id('client_id'),
  amount: money('amount').notNull(),
  paidAt: date('paid_at', { mode: 'string' }).notNull(),
  method: text('method').notNull().default('mobile_money'),
  reference: text('reference'),
  note: text('note'),
  batchId: text('batch_id'),
  /** Reversal ("delete", NOTES.md): the row stays, marked reversed (migration 0840). */
  reversedAt: tstz('reversed_at'),
  reversedBy: id('reversed_by'),
  reversalReason: text('reversal_reason'),
  uploadId: id('upload_id'),
  createdBy: id('created_by'),
  updatedBy: id('updated_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export type MessageChannel = 'sms' | 'email';
export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/** The SMS/e-mail outbox. */
export const messages = pgTable('messages', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  channel: text('channel').$type<MessageChannel>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  purpose: text('purpose').notNull().default('communication'),
  status: text('status').$type<MessageStatus>().notNull().default('queued'),
  provider: text('provider').notNull().default('outbox'),
  providerRef: text('provider_ref'),
  error: text('error'),
  batchId: text('batch_id'),
  /** A message a job creates at most once (a reminder: loan, instalment, day); unique. */
  dedupeKey: text('dedupe_key'),
  /** 1200: the SMS sender id it goes out with (a branch's sender name); NULL: the configured one. */
  senderId: text('sender_id'),
  clientId: id('client_id'),
  applicationId: id('application_id'),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  deliveredAt: tstz('delivered_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
