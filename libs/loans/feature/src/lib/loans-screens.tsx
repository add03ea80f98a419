import { lazy } from 'react';
import type { LoanStatus } from '@loan/shared-contract';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { APPLICATION_LIST_SCREENS } from './application-screens-meta';

// One lazily loaded screen serves the four status lists; each descriptor passes its status.
const ApplicationsListPage = lazy(() => import('./applications-list-page'));

function listScreen(status: LoanStatus): ScreenDescriptor {
  const Screen = () => <ApplicationsListPage status={status} />;
  Screen.displayName = `ApplicationsList(${status})`;
  return { ...APPLICATION_LIST_SCREENS[status], element: Screen };
}

/** The loans domain's screens. */
export const loansScreens: readonly ScreenDescriptor[] = [
  listScreen('request'),
  listScreen('rejected'),
  listScreen('approved'),
  listScreen('closed'),
];
