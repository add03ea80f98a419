import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './types';

/** Tables of migrations/0820_disbursement_rules.sql (the disbursements table itself is in money.ts). */
export type DisbursementEventKind = 'initiate' | 'poll' | 'callback' | 'retry' | 'reconcile' | 'error';

export const disbursementEvents = pgTable('disbursement_events', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  disbursementId: id('disbursement_id').notNull(),
  kind: text('kind').$type<DisbursementEventKind>().notNull(),
  status: text('status'),
  message: text('message'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    userId: id('user_id'),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'done'>().notNull().default('in_flight'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
