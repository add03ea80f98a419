import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '@loan/shared-data-access-api';
import { API, type RoleDto } from '@loan/shared-contract';
import { browserStorage, LS_PERMISSIONS, selectUser, type SessionRootState } from '@loan/shared-session';
import { roleLoaded, type PermissionsRootState } from './permissions-slice';

/** The signed-in user's own role (spec §3: loaded by role_id after start-up). */
export const ownRoleApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    ownRole: b.query<RoleDto, number>({
      query: (id) => `${API.roles}/byId/${id}`,
      transformResponse: (raw: RoleDto | { data: RoleDto }) => ('data' in raw ? raw.data : raw),
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
  }),
});

export const { useOwnRoleQuery } = ownRoleApi;

/**
 * Loads the signed-in user's role by role_id and stores its permission names, in the
 * store and as the localStorage permissions list (spec §3). Mount once in the shell.
 * Beside its endpoint, not with the permission hooks: those are in the portal's first load,
 * this (and RTK Query with it) only in the signed-in shell's chunk.
 */
export function useOwnRoleLoader(): { isError: boolean; retry: () => void } {
  const dispatch = useDispatch();
  const roleId = useSelector((s: SessionRootState & PermissionsRootState) => selectUser(s)?.role_id ?? null);
  const { data, isError, refetch } = useOwnRoleQuery(roleId ?? 0, { skip: roleId == null });
  useEffect(() => {
    if (!data) return;
    const names = data.allpermissions.map((p) => p.name);
    dispatch(roleLoaded({ roleId: data.id, roleName: data.name, names }));
    browserStorage.local.set(LS_PERMISSIONS, JSON.stringify(names));
  }, [data, dispatch]);
  return { isError, retry: () => void refetch() };
}
