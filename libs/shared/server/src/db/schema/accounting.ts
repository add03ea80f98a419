import { bigint, boolean, date, pgTable, text } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/** The general ledger (migrations/2700_accounting.sql; keep both in step; owner libs/accounting/server). */
export const glAccounts = pgTable('gl_accounts', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  contra: boolean('contra').notNull().default(false),
  systemKey: text('system_key'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Append-only (trigger): a correction is a reversing entry. */
export const journalEntries = pgTable('journal_entries', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  valueDate: date('value_date', { mode: 'string' }).notNull(),
  sourceKind: text('source_kind').notNull(),
  sourceId: bigint('source_id', { mode: 'number' }),
  memo: text('memo'),
  reversesId: id('reverses_id'),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** One side only; the lines of an entry balance (deferred constraint trigger). */
export const journalLines = pgTable('journal_lines', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  entryId: id('entry_id').notNull(),
  accountId: id('account_id').notNull(),
  bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  debit: money('debit').notNull().default('0'),
  credit: money('credit').notNull().default('0'),
  memo: text('memo'),
});
