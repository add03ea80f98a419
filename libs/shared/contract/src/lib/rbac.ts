import { z } from 'zod';
import { idListSchema, idSchema, listEnvelope, MAX_SEARCH_LENGTH, textField } from './fields';

/** Roles and permissions (spec §7 Roles, /api/permission). */
export const roleNameSchema = textField({
  min: 1,
  max: 100,
  messages: { required: 'The name field is required.' },
});

/** What the role is for (issue 16): one paragraph, at most 500 characters; empty when not given. */
export const ROLE_DESCRIPTION_MAX = 500;
export const roleDescriptionSchema = textField({
  multiline: true,
  max: ROLE_DESCRIPTION_MAX,
  messages: { tooLong: `The description may have at most ${ROLE_DESCRIPTION_MAX} characters.` },
});

export const roleCreateBodySchema = z.object({
  name: roleNameSchema,
  description: roleDescriptionSchema.optional(),
  /** Optional permission names or ids to grant at creation. */
  permissions: z
    .array(z.union([idSchema, textField({ max: 100 })]))
    .max(500)
    .optional(),
});
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;

export const roleUpdateBodySchema = z.object({
  id: idSchema,
  name: roleNameSchema,
  /** Left out: the description stays as it is. */
  description: roleDescriptionSchema.optional(),
});
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;

/** assign-permission / revoke-permission: permission ids and the role. */
export const rolePermissionsBodySchema = z.object({
  role_id: idSchema,
  ids: idListSchema,
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBodySchema>;

export const roleSearchQuerySchema = z.object({
  search: textField({ max: MAX_SEARCH_LENGTH }).default(''),
  relations: textField({ max: 100 }).optional(),
});
export type RoleSearchQuery = z.infer<typeof roleSearchQuerySchema>;

export const permissionSchema = z.object({ id: z.number().int().positive(), name: z.string(), group: z.string() }).strict();
export type PermissionDto = z.infer<typeof permissionSchema>;
export const permissionListSchema = z.array(permissionSchema);

export const roleSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    users_count: z.number().int().nonnegative().optional(),
    allpermissions: z.array(z.object({ id: z.number().int().positive(), name: z.string() }).strict()),
    created_at: z.string().optional(),
  })
  .strict();
export type RoleDto = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);

/** create, update, assign-permission, revoke-permission: a message and the role as it now is. */
export const roleChangeResponseSchema = z.object({ message: z.string(), data: roleSchema }).strict();
export const roleDeleteResponseSchema = z.object({ message: z.string(), count: z.number().int().nonnegative() }).strict();

/** GET /api/client/all: what pickers need of a borrower (NOTES.md "Session and sign-in"). */
export const clientPickSchema = z
  .object({ id: z.number().int().positive(), name: z.string(), nrc: z.string(), mobile: z.string().nullable(), branch: z.string().nullable() })
  .strict();
export type ClientPick = z.output<typeof clientPickSchema>;
export const clientPickListSchema = listEnvelope(clientPickSchema);

/** GET /api/history/all: the signed-in user's recent actions from the audit trail. */
export const historyEntrySchema = z
  .object({
    id: z.number().int().positive(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    details: z.unknown(),
    ip_address: z.string().nullable(),
    created_at: z.string(),
  })
  .strict();
export const historyListSchema = z.array(historyEntrySchema);
