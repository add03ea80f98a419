import { api } from '@loan/shared-data-access-api';
import { API, type PermissionDto, type RoleDto } from '@loan/shared-contract';

type RoleChange = { message: string; data: RoleDto };
const LIST = { type: 'Role' as const, id: 'LIST' };

/** Roles and the permission catalog (spec §7 Roles, /api/permission). */
export const rolesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getRoles: b.query<RoleDto[], void>({
      query: () => `${API.roles}/all`,
      providesTags: (res) => [LIST, ...(res ?? []).map((r) => ({ type: 'Role' as const, id: r.id }))],
    }),
    getRole: b.query<RoleDto, number>({
      query: (id) => `${API.roles}/byId/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
    getPermissions: b.query<PermissionDto[], void>({
      query: () => `${API.permissions}/all`,
      providesTags: ['Permission'],
    }),
    createRole: b.mutation<RoleChange, { name: string; description?: string; permissions?: (number | string)[] }>({
      query: (body) => ({ url: `${API.roles}/create`, method: 'POST', body }),
      invalidatesTags: (_r, err) => (err ? [] : [LIST, 'History']),
      extraOptions: { toast: { success: 'Role created.', error: true } },
    }),
    updateRole: b.mutation<RoleChange, { id: number; name: string; description?: string }>({
      query: (body) => ({ url: `${API.roles}/update`, method: 'PUT', body }),
      invalidatesTags: (_r, err, { id }) => (err ? [] : [LIST, { type: 'Role', id }, 'History']),
      extraOptions: { toast: { success: 'Role updated.', error: true } },
    }),
    deleteRoles: b.mutation<{ message: string; count: number }, number[]>({
      query: (ids) => ({ url: `${API.roles}/delete`, method: 'DELETE', body: { ids } }),
      invalidatesTags: (_r, err) => (err ? [] : [LIST, 'History']),
      extraOptions: { toast: { success: (d) => (d as { message: string }).message, error: true } },
    }),
    assignPermissions: b.mutation<RoleChange, { role_id: number; ids: number[] }>({
      query: (body) => ({ url: `${API.roles}/assign-permission`, method: 'POST', body }),
      invalidatesTags: (_r, err, { role_id }) => (err ? [] : [LIST, { type: 'Role', id: role_id }, 'History']),
      extraOptions: { toast: { error: true } },
    }),
    revokePermissions: b.mutation<RoleChange, { role_id: number; ids: number[] }>({
      query: (body) => ({ url: `${API.roles}/revoke-permission`, method: 'POST', body }),
      invalidatesTags: (_r, err, { role_id }) => (err ? [] : [LIST, { type: 'Role', id: role_id }, 'History']),
      extraOptions: { toast: { error: true } },
    }),
  }),
});

export const {
  useGetRolesQuery,
  useGetRoleQuery,
  useGetPermissionsQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRolesMutation,
  useAssignPermissionsMutation,
  useRevokePermissionsMutation,
} = rolesApi;
