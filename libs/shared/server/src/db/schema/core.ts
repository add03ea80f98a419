import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './types';

/** Tables of migrations/0001_core.sql (rate_limits: 0650_atomic_rate_limits.sql). */
export const branches = pgTable('branches', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** 0880_admin.sql: a closed branch stays for its records but is offered no more. */
  active: boolean('active').notNull().default(true),
  /** 1200: the SMS sender name of the branch's reminders; NULL: the configured SMS_SENDER_ID. */
  smsSenderName: text('sms_sender_name'),
});

export const roles = pgTable('roles', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const permissions = pgTable('permissions', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  groupName: text('group_name').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: id('role_id').notNull(),
    permissionId: id('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable('users', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  uniqueNumber: text('unique_number').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: id('role_id').notNull(),
  branchId: id('branch_id'),
  mobile: text('mobile'),
  active: boolean('active').notNull().default(true),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: id('user_id').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  /** SHA-256 of the CSRF token bound to this session (0651_session_csrf.sql). */
  csrfHash: text('csrf_hash'),
});

export const passwordResets = pgTable('password_resets', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  userId: id('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
  hits: integer('hits').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  userId: id('user_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  details: jsonb('details').notNull().default({}),
  /** For edits: the changed fields as they were and as they became. */
  before: jsonb('before'),
  after: jsonb('after'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Deleted applications, top-ups and offer letters, kept whole (migration 0600). */
export const deletedRecords = pgTable('deleted_records', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  entity: text('entity').notNull(),
  entityId: id('entity_id').notNull(),
  reference: text('reference'),
  record: jsonb('record').notNull(),
  deletedBy: id('deleted_by'),
  deletedAt: tstz('deleted_at').notNull().defaultNow(),
});
