import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { PermissionName } from '@loan/shared-contract';
import { selectPermissionNames, type PermissionsRootState } from './permissions-slice';

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
