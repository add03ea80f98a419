import type { PermissionName } from '@loan/shared-contract';
import { canOpenScreen, menuHref, type ScreenSpec } from '@loan/shared-screens';
import type { IconName, MenuItem } from '@loan/shared-ui';

/** The shell's icons for the top-level entries, by label; the catalog stays free of looks. */
const TOP_LEVEL_ICONS: Readonly<Record<string, IconName>> = {
  Dashboard: 'dashboard',
  Clients: 'user',
  Loans: 'loans',
  Transactions: 'transactions',
  Communication: 'message',
  Reports: 'reports',
  Approvals: 'check',
  Users: 'users',
  Settings: 'settings',
  Accounting: 'money',
};

/**
 * The side menu for a role: the ready screens it may open (every permission of the screen,
 * group permissions included), grouped as their `menu.group` says and in `menu.order`.
 * A group appears only with at least one item, at the place of its first item.
 */
export function screenMenu(screens: readonly ScreenSpec[], has: (name: PermissionName) => boolean): MenuItem[] {
  const shown = screens
    .filter((s) => s.status === 'ready' && s.menu && canOpenScreen(s, has))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const root: MenuItem[] = [];
  for (const s of shown) {
    const { group, label } = s.menu ?? { group: [], label: s.title };
    let level = root;
    for (const name of group) {
      let node = level.find((i): i is MenuItem & { children: MenuItem[] } => i.label === name && !!i.children);
      if (!node) {
        node = { label: name, children: [] };
        level.push(node);
      }
      level = node.children;
    }
    level.push({ label, to: menuHref(s) });
  }
  return root.map((i) => (TOP_LEVEL_ICONS[i.label] ? { ...i, icon: TOP_LEVEL_ICONS[i.label] } : i));
}

/** Where the top bar's "Settings" leads: the first item of the menu's Settings group, if the role has one. */
export function settingsHref(menu: readonly MenuItem[]): string | undefined {
  return menu.find((i) => i.label === 'Settings')?.children?.find((c) => c.to)?.to;
}
