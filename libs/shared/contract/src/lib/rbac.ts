import { z } from 'zod';
import { idListSchema, idSchema, MAX_SEARCH_LENGTH, textField } from './fields';

/** Roles and permissions (spec §7 Roles, /api/permission). */
export const roleNameSchema = textField({
  min: 1,
  max: 100,
  messages: { required: 'The name field is required.' },
});

export const roleCreateBodySchema = z.object({
  name: roleNameSchema,
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

export interface PermissionDto {
  id: number;
  name: string;
  group: string;
}

export interface RoleDto {
  id: number;
  name: string;
  users_count?: number;
  allpermissions: { id: number; name: string }[];
  created_at?: string;
}
