import type { ReactNode } from 'react';
import type { PermissionName } from '@loan/shared-contract';
import { usePermission } from '@loan/shared-permissions';
import { ForbiddenPage } from './pages';

/** Shows the screen only when the role holds its permission; the api enforces the same name. */
export function RequirePermission({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  return usePermission(permission) ? children : <ForbiddenPage />;
}
