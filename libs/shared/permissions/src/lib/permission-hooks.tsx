import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { PermissionName } from '@loan/shared-contract';
import { browserStorage, LS_PERMISSIONS, selectUser, type SessionRootState } from '@loan/shared-session';
import { useOwnRoleQuery } from './role-api';
import { roleLoaded, selectPermissionNames, type PermissionsRootState } from './permissions-slice';

/** Whether the signed-in user's role holds `name` (spec §6). */
export function usePermission(name: PermissionName): boolean {
  return useSelector((s: PermissionsRootState) => s.permissions.names.includes(name));
}

/** A checker for several names at once (menus, tables with row actions). */
export function usePermissions(): (name: PermissionName) => boolean {
  const names = useSelector(selectPermissionNames);
  return (name) => names.includes(name);
}

export interface CanProps {
  permission: PermissionName;
  children: ReactNode;
  /** Shown instead when the permission is missing; nothing by default (spec §6: hidden). */
  fallback?: ReactNode;
}

/** Renders its children only when the user holds `permission`. */
export function Can({ permission, children, fallback = null }: CanProps) {
  return usePermission(permission) ? children : fallback;
}

/**
 * Loads the signed-in user's role by role_id and stores its permission names, in the
 * store and as the localStorage permissions list (spec §3). Mount once in the shell.
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
