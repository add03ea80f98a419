import { lazy } from 'react';
import type { LoanKind, LoanStatus } from '@loan/shared-contract';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { LOAN_LIST_SCREENS } from './application-screens-meta';

// One lazily loaded screen serves the four status lists of both kinds; each descriptor
// passes its kind and status.
const ApplicationsListPage = lazy(() => import('./applications-list-page'));
// One details screen for both kinds; top-ups register it with kind="topup".
const LoanDetailsPage = lazy(() => import('./application-details/loan-details-page'));
// The contracts (offer letters): their list and details.
const OfferLettersListPage = lazy(() => import('./offer-letters/offer-letters-list-page'));
const OfferLetterDetailsPage = lazy(() => import('./offer-letters/offer-letter-details-page'));

const ApplicationDetails = () => <LoanDetailsPage kind="application" />;
ApplicationDetails.displayName = 'LoanDetails(application)';
const TopupDetails = () => <LoanDetailsPage kind="topup" />;
TopupDetails.displayName = 'LoanDetails(topup)';

function listScreen(status: LoanStatus, kind: LoanKind = 'application'): ScreenDescriptor {
  const Screen = () => <ApplicationsListPage kind={kind} status={status} />;
  Screen.displayName = `LoansList(${kind}, ${status})`;
  return { ...LOAN_LIST_SCREENS[kind][status], element: Screen };
}

/** The loans domain's screens. */
export const loansScreens: readonly ScreenDescriptor[] = [
  listScreen('request'),
  listScreen('rejected'),
  listScreen('approved'),
  listScreen('closed'),
  { ...SCREENS.contracts, element: OfferLettersListPage },
  { ...SCREENS.contractDetails, element: OfferLetterDetailsPage },
  { ...SCREENS.applicationDetails, element: ApplicationDetails },
  listScreen('request', 'topup'),
  listScreen('rejected', 'topup'),
  listScreen('approved', 'topup'),
  listScreen('closed', 'topup'),
  { ...SCREENS.topupDetails, element: TopupDetails },
];
