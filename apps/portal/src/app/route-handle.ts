import type { PermissionName } from '@loan/shared-contract';

/** What the route table says about each route (spec §2): title and auth need. */
export interface RouteHandle {
  /** Document title is '{title} - Portal', or 'Portal' without one (spec §1). */
  title?: string;
  /** Needs the session-storage authenticated flag; without it the visitor goes to /. */
  auth: boolean;
  /** The permission the screen's data needs; without it a 'no access' page shows. */
  permission?: PermissionName;
}
