import type { PermissionName } from '@loan/shared-contract';

/** What the route table says about each route (spec §2): title and auth need. */
export interface RouteHandle {
  /** Document title is '{title} - Portal', or 'Portal' without one (spec §1). */
  title?: string;
  /** Needs the session-storage authenticated flag; without it the visitor goes to /. */
  auth: boolean;
  /** What a signed-in screen needs, all of them; without them a 'no access' page shows. */
  permissions?: readonly PermissionName[];
}
