import { z } from 'zod';
import { idSchema, listEnvelope, listPageParams, MAX_TEXT_LENGTH, mobileField, searchParamSchema, textField, timestampSchema, wholeNumberField } from './fields';
import { activeSessionSchema } from './auth';
export { USER_PATHS, AUDIT_PATHS } from './domain-paths';


/** How long a set-password invitation link works. */
export const INVITATION_VALID_HOURS = 72;

/** One user as the administration screens show them. */
export const adminUserSchema = z
  .object({
    id: z.number().int().positive(),
    fullname: z.string(),
    email: z.string(),
    unique_number: z.string(),
    mobile: z.string().nullable(),
    role_id: z.number().int().positive(),
    role: z.string(),
    branch_id: z.number().int().positive().nullable(),
    branch: z.string().nullable(),
    active: z.boolean(),
    /** False until the user set a password from the invitation link. */
    password_set: z.boolean(),
    last_sign_in_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .strict();
export type AdminUser = z.output<typeof adminUserSchema>;

const boolParam = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));
/** Strict like every id (issue 11 item 11): a blank is refused; the web leaves unset filters out. */
const optionalId = idSchema.optional();

/** `GET /api/user/all?page=1&pageSize=15&search=&role_id=&branch_id=&active=` */
export const adminUserListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
  role_id: optionalId,
  branch_id: optionalId,
  active: boolParam,
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;
export const adminUserListSchema = listEnvelope(adminUserSchema);

/** One action of the audit trail, as the screens show it (who, what, which record, before → after, when, from where). */
export const auditEntrySchema = z
  .object({
    id: z.number().int().positive(),
    user_id: z.number().int().positive().nullable(),
    user: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    details: z.unknown(),
    before: z.unknown(),
    after: z.unknown(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: timestampSchema,
  })
  .strict();
export type AuditEntryDto = z.output<typeof auditEntrySchema>;

/** `GET /api/user/byId/:id`: the user, their active sessions and their recent actions. */
export const adminUserDetailsSchema = adminUserSchema
  .extend({
    sessions: z.array(activeSessionSchema.omit({ current: true }).strict()),
    recent_actions: z.array(auditEntrySchema),
  })
  .strict();
export type AdminUserDetails = z.output<typeof adminUserDetailsSchema>;

const fullname = textField({ min: 1, max: 150, messages: { required: 'The full name field is required.' } });
const email = z
  .string({ error: 'The e-mail field is required.' })
  .trim()
  .min(1, 'The e-mail field is required.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))
  .pipe(z.string().max(MAX_TEXT_LENGTH));
const uniqueNumber = textField({ min: 1, max: 64, messages: { required: 'The unique number field is required.' } });
const mobile = z.preprocess((v) => (v === '' ? null : v), mobileField().nullable().optional());
const roleId = wholeNumberField(Number.MAX_SAFE_INTEGER, 'Choose a role.');
const branchId = idSchema.nullable().optional();

export const adminUserCreateBodySchema = z.object({
  fullname,
  email,
  unique_number: uniqueNumber,
  mobile,
  role_id: roleId,
  branch_id: branchId,
});
export type AdminUserCreateBody = z.output<typeof adminUserCreateBodySchema>;
export type AdminUserCreateInput = z.input<typeof adminUserCreateBodySchema>;

/** Edit: the fields given change (role needs `can assign role`, `active` ends sessions when false). */
export const adminUserUpdateBodySchema = z.object({
  id: idSchema,
  fullname: fullname.optional(),
  email: email.optional(),
  unique_number: uniqueNumber.optional(),
  mobile,
  role_id: roleId.optional(),
  branch_id: branchId,
  active: z.boolean().optional(),
});
export type AdminUserUpdateBody = z.output<typeof adminUserUpdateBodySchema>;
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateBodySchema>;

export const adminUserChangeResponseSchema = z.object({ message: z.string(), data: adminUserSchema }).strict();

export const revokeUserSessionsBodySchema = z.object({
  /** The public id of one session; all of them when left out. */
  session: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'Not a session id.')
    .optional(),
});

/** A user's own notification (the bell). */
export const notificationSchema = z
  .object({
    id: z.number().int().positive(),
    kind: z.string(),
    message: z.string(),
    read: z.boolean(),
    created_at: timestampSchema,
  })
  .strict();
export type NotificationDto = z.output<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int().nonnegative() }).strict();
export type NotificationList = z.output<typeof notificationListSchema>;

/**
 * The roles a user form offers; `grantable`: the signed-in user holds every permission of the
 * role, so they may give it (the api refuses the others with 403, NOTES.md "Users and roles").
 */
export const roleOptionListSchema = z.array(z.object({ id: z.number().int().positive(), name: z.string(), grantable: z.boolean() }).strict());
export type RoleOption = z.output<typeof roleOptionListSchema>[number];

export const branchSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    code: z.string(),
    active: z.boolean(),
    /** The settings screen's: the SMS sender name of the branch's reminders (null: the configured one). */
    sms_sender_name: z.string().nullable().optional(),
  })
  .strict();
export type BranchDto = z.output<typeof branchSchema>;
export const branchListSchema = z.array(branchSchema);

export const auditListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
  user_id: optionalId,
  action: textField({ max: 64 }).optional(),
  entity: textField({ max: 64 }).optional(),
  /** The record's id (text: any key fits the audit trail). */
  record: textField({ max: 64 }).optional(),
  fromDate: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.').optional()),
  toDate: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.').optional()),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export const auditListSchema = listEnvelope(auditEntrySchema);
