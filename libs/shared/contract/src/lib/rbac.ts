import { z } from 'zod';
import { idSchema, MAX_SEARCH_LENGTH } from './common';

/** Roles and permissions (spec §7 Roles, /api/permission). */
export const roleNameSchema = z.string().trim().min(1, 'The name field is required.').max(100);

export const roleCreateBodySchema = z.object({
  name: roleNameSchema,
  /** Optional permission names or ids to grant at creation. */
  permissions: z.array(z.union([idSchema, z.string().max(100)])).max(500).optional(),
});
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;

export const roleUpdateBodySchema = z.object({ id: idSchema, name: roleNameSchema });
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;

/** assign-permission / revoke-permission: permission ids and the role. */
export const rolePermissionsBodySchema = z.object({
  role_id: idSchema,
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(idSchema).min(1).max(500)),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBodySchema>;

export const roleSearchQuerySchema = z.object({
  search: z.string().trim().max(MAX_SEARCH_LENGTH).default(''),
  relations: z.string().max(100).optional(),
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
