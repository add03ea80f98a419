import { LOAN_KIND_PERMISSIONS, type LoanKind, type LoanKindPermissions, type LoanStatus } from '@loan/shared-contract';

/** What the details screen needs to know about a kind: its words, its lists, its permissions. */
export interface LoanKindUi {
  kind: LoanKind;
  /** 'Application' / 'Top-up'. */
  noun: string;
  perms: LoanKindPermissions;
  /** The list of the kind's loans in a status (where "Back" and a deletion lead). */
  listHref: (status: LoanStatus) => string;
}

const LIST_SEGMENT: Record<LoanStatus, string> = { request: 'requests', approved: 'approved', rejected: 'rejected', closed: 'closed' };

export const LOAN_KIND_UI: Readonly<Record<LoanKind, LoanKindUi>> = {
  application: {
    kind: 'application',
    noun: 'Application',
    perms: LOAN_KIND_PERMISSIONS.application,
    listHref: (s) => `/loans/applications/${LIST_SEGMENT[s]}`,
  },
  topup: {
    kind: 'topup',
    noun: 'Top-up',
    perms: LOAN_KIND_PERMISSIONS.topup,
    listHref: (s) => `/loans/topup/${LIST_SEGMENT[s]}`,
  },
};

export const STATUS_LABEL: Readonly<Record<LoanStatus, string>> = {
  request: 'Request',
  approved: 'Approved',
  rejected: 'Rejected',
  closed: 'Closed',
};
