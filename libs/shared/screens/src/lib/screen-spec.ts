import type { PermissionName } from '@loan/shared-contract';

/** Where a screen sits in the side menu. */
export interface ScreenMenu {
  /** The groups above the item, outermost first (`['Loans', 'Applications']`); empty at the top level. */
  group: readonly string[];
  label: string;
  /** Position in the menu; a group sits where its first item sits. */
  order: number;
  /** A query the menu's link adds to the path ('add=1': the screen opens its add form). */
  query?: string;
}

/** The api call a screen makes first: the one its permission set must be enough for. */
export interface ScreenFirstCall {
  path: string;
  query?: Readonly<Record<string, string>>;
}

/**
 * One signed-in screen of spec §2 as data: the portal builds its route table and its side
 * menu from these, and the registry e2e checks each first call against the real api.
 */
export interface ScreenSpec {
  path: string;
  /** The route's title: the document title is '{title} - Portal'. */
  title: string;
  /** ALL are required to see the menu item and open the screen (NOTES.md "Side menu gating"). */
  permissions: readonly PermissionName[];
  menu?: ScreenMenu;
  firstCall?: ScreenFirstCall;
  /** `planned`: declared by the spec, built later; shows the not-yet page and stays out of the menu. */
  status: 'ready' | 'planned';
}

/** Whether a role holding `has` may open the screen: every permission it lists. */
export function canOpenScreen(spec: Pick<ScreenSpec, 'permissions'>, has: (name: PermissionName) => boolean): boolean {
  return spec.permissions.every(has);
}

/** The first call as a path with its query string, as the browser sends it. */
export function firstCallUrl(call: ScreenFirstCall): string {
  const query = new URLSearchParams(call.query).toString();
  return query ? `${call.path}?${query}` : call.path;
}

/** The side menu's link to a screen: its path with the menu's query, if any ('/x?add=1'). */
export function menuHref(spec: Pick<ScreenSpec, 'path' | 'menu'>): string {
  return spec.menu?.query ? `${spec.path}?${spec.menu.query}` : spec.path;
}
