import type { ReactNode } from 'react';
import type { PermissionName } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';
import { canOpenScreen } from '@loan/shared-screens';
import { ForbiddenPage } from './pages';

/** Shows the screen only when the role holds every permission it lists; the api enforces the same names. */
export function RequirePermission({ permissions, children }: { permissions: readonly PermissionName[]; children: ReactNode }) {
  return canOpenScreen({ permissions }, usePermissions()) ? children : <ForbiddenPage />;
}
