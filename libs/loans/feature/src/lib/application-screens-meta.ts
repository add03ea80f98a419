import type { LoanKind, LoanStatus } from '@loan/shared-contract';
import { SCREENS, type ScreenSpec } from '@loan/shared-screens';

/** The catalog entry of each kind's status lists: its path, title and permissions. */
export const LOAN_LIST_SCREENS: Readonly<Record<LoanKind, Readonly<Record<LoanStatus, ScreenSpec>>>> = {
  application: {
    request: SCREENS.applicationRequests,
    rejected: SCREENS.applicationsRejected,
    approved: SCREENS.applicationsApproved,
    closed: SCREENS.applicationsClosed,
  },
  topup: {
    request: SCREENS.topupRequests,
    rejected: SCREENS.topupsRejected,
    approved: SCREENS.topupsApproved,
    closed: SCREENS.topupsClosed,
  },
};

export const APPLICATION_LIST_SCREENS = LOAN_LIST_SCREENS.application;

export const TAB_LABEL: Readonly<Record<LoanStatus, string>> = {
  request: 'Requests',
  rejected: 'Rejected',
  approved: 'Approved',
  closed: 'Closed',
};

/** How a kind is named on its screens. */
export const KIND_LABEL: Readonly<Record<LoanKind, { one: string; many: string; Many: string }>> = {
  application: { one: 'application', many: 'applications', Many: 'Application' },
  topup: { one: 'top-up', many: 'top-ups', Many: 'Top-up' },
};

/** Where an application's or a top-up's details are. */
export const loanHref = (kind: LoanKind, id: number) => (kind === 'topup' ? `/loans/topup/${id}` : `/loans/applications/${id}`);
export const applicationHref = (id: number) => loanHref('application', id);
