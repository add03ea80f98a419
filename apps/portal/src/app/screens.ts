import { authScreens } from '@loan/auth-feature';
import { dashboardScreens } from '@loan/dashboard-feature';
import { loansScreens } from '@loan/loans-feature';
import { transactionsScreens } from '@loan/transactions-feature';
import { reportsScreens } from '@loan/reports-feature';
import { rbacScreens } from '@loan/rbac-feature';
import { communicationScreens, communicationSlots } from '@loan/communication-feature';
import { clientsScreens } from '@loan/clients-feature';
import { accountingScreens } from '@loan/accounting-feature';
import type { FeatureSlots, ScreenDescriptor } from '@loan/shared-permissions';
import { SCREEN_CATALOG, type ScreenSpec } from '@loan/shared-screens';
import { NotAvailablePage } from './pages';

/** The screens the domain feature libs provide. A new domain adds its `xScreens` here. */
export const FEATURE_SCREENS: readonly ScreenDescriptor[] = [
  ...dashboardScreens,
  ...loansScreens,
  ...authScreens,
  ...transactionsScreens,
  ...reportsScreens,
  ...rbacScreens,
  ...communicationScreens,
  ...clientsScreens,
  ...accountingScreens,
];

/** The pieces features lend each other's screens (a lazy component each), by slot name. */
export const FEATURE_SLOTS: FeatureSlots = {
  ...communicationSlots,
};

/**
 * Every catalog screen with what it shows: the feature's descriptor when one provides it,
 * the not-yet page for a planned screen (it also stays out of the menu, see menu.ts).
 */
export function buildRegistry(catalog: readonly ScreenSpec[], provided: readonly ScreenDescriptor[]): ScreenDescriptor[] {
  return catalog.map((spec) => provided.find((d) => d.path === spec.path) ?? { ...spec, element: NotAvailablePage });
}

/** The portal's signed-in screens: its route table and side menu are built from this list. */
export const SCREEN_REGISTRY: readonly ScreenDescriptor[] = buildRegistry(SCREEN_CATALOG, FEATURE_SCREENS);
