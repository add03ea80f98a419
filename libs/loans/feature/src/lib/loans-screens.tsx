import { lazy } from 'react';
import type { LoanStatus } from '@loan/shared-contract';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { APPLICATION_LIST_SCREENS } from './application-screens-meta';

// One lazily loaded screen serves the four status lists; each descriptor passes its status.
const ApplicationsListPage = lazy(() => import('./applications-list-page'));
// One details screen for both kinds; top-ups register it with kind="topup".
const LoanDetailsPage = lazy(() => import('./application-details/loan-details-page'));

const ApplicationDetails = () => <LoanDetailsPage kind="application" />;
ApplicationDetails.displayName = 'LoanDetails(application)';

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
  { ...SCREENS.applicationDetails, element: ApplicationDetails },
];
