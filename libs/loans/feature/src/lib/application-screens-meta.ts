import type { LoanStatus } from '@loan/shared-contract';
import { SCREENS, type ScreenSpec } from '@loan/shared-screens';

/** The catalog entry of each status's list: its path, title and permissions. */
export const APPLICATION_LIST_SCREENS: Readonly<Record<LoanStatus, ScreenSpec>> = {
  request: SCREENS.applicationRequests,
  rejected: SCREENS.applicationsRejected,
  approved: SCREENS.applicationsApproved,
  closed: SCREENS.applicationsClosed,
};

export const TAB_LABEL: Readonly<Record<LoanStatus, string>> = {
  request: 'Requests',
  rejected: 'Rejected',
  approved: 'Approved',
  closed: 'Closed',
};

/** Where an application's details are. */
export const applicationHref = (id: number) => `/loans/applications/${id}`;
