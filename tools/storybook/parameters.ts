import type { PermissionName } from '@loan/shared-contract';

/** What a story may set under `parameters.workbench` (read by the preview's decorator). */
export interface WorkbenchParameters {
  /** The URL the router starts at (default '/'). */
  route?: string;
  /** A route pattern (`/loans/applications/:id`) so the screen reads its params. */
  path?: string;
  /** Exactly these permissions, whatever the toolbar's role (a forbidden story: []). */
  permissions?: readonly PermissionName[];
  /** false: nobody signed in (the sign-in and password pages). Default true. */
  signedIn?: boolean;
}
