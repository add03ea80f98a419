import { createContext, useContext } from 'react';
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

/** The title of the deepest matched route that has one (routed-view.tsx matches the table). */
export function titleOf(matches: readonly { route: { handle?: unknown } }[] | null): string | undefined {
  for (let i = (matches?.length ?? 0) - 1; i >= 0; i -= 1) {
    const title = (matches?.[i].route.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * The current route's title, from the route table's handles. The portal uses the
 * declarative router (no `useMatches`, bundle budget): RoutedView provides it.
 */
export const RouteTitleContext = createContext<string | undefined>(undefined);
export const useRouteTitle = () => useContext(RouteTitleContext);
