import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './types';

/** Tables of migrations/0880_admin.sql (issue 16). */
export const notifications = pgTable('notifications', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  userId: id('user_id').notNull(),
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  readAt: tstz('read_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
