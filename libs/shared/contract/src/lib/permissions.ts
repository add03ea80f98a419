/**
 * The permission catalog (spec §6, NOTES.md "Permission catalog"). The names are the
 * contract between the api (which enforces them) and the web apps (which hide what the
 * user may not do). Never write a permission name as a loose string elsewhere.
 * 'view settngs manager module' is spelled so on purpose (spec §6).
 */
export const PERMISSION_GROUPS = {
  Dashboard: ['view main dashboard'],
  Loans: [
    'view loan manager module',
    'can view loan applications',
    'can view loan topups',
    'can view application',
    'can edit application',
    'can delete application',
    'can approve application',
    'can reject application',
    'can close application',
    'can view topup',
    'can edit topup',
    'can delete topup',
    'can approve topup',
    'can reject topup',
    'can close topup',
    'can send sms',
    'can send email',
    'can view request applications',
    'can view approved applications',
    'can view rejected applications',
    'can view closed applications',
    'can view request topups',
    'can view approved topups',
    'can view rejected topups',
    'can view closed topups',
    'view loan offer letter',
    'can send offer letter',
    // Added by us (NOTES.md "Loan products and loan accounts", issue 26): the loan account's money commands.
    'can waive loan charges',
    'can write off loans',
    'can reschedule loans',
  ],
  Communication: [
    'view communication manager module',
    'can create message',
    'can edit message',
    'can delete message',
    'can view message',
  ],
  Reports: ['view reports manager module'],
  Users: ['view users manager module', 'can create user', 'can edit user', 'can delete user', 'can assign role'],
  Settings: [
    'view settngs manager module',
    'can view roles',
    'can assign permissions',
    'can revoke permissions',
    'can delete role',
    'can edit role',
    'can add role',
    // Added by us (NOTES.md): loan product settings and branches; seeing every branch's records.
    'can edit settings',
    'can view all branches',
    // Maker-checker (NOTES.md "Second pair of eyes"): approve or reject others' pending actions.
    'can check pending actions',
  ],
  Transactions: [
    'view transaction manager module',
    'can view all disbursements',
    'can reconcile disbursements transactions',
    'can delete disbursements',
    'can add auto disburse',
    'can view auto disburse',
    'can edit auto disburse',
    'can delete auto disburse',
    'can view instant disbursements',
    'can instant single disburse',
    'can instant bulk disburse',
    'can view repayments',
    'can add repayments',
    'can edit repayments',
    'can delete repayments',
    // Added by us (issue 29): mobile-money requests to pay and the suspense of unmatched money.
    'can request payment',
    'can manage suspense',
  ],
  // Added by us (issue 32 "Clients"): the client list, a client's page and find-anything.
  Clients: ['can view clients'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type PermissionName = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

/** Every permission name, in catalog order. */
export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(PERMISSION_GROUPS).flat();

/**
 * Typed access by a short key, so code reads `P.viewDashboard` and a typo fails to compile.
 * The values are the exact catalog names.
 */
export const P = {
  viewDashboard: 'view main dashboard',
  viewLoanModule: 'view loan manager module',
  viewLoanApplications: 'can view loan applications',
  viewLoanTopups: 'can view loan topups',
  viewApplication: 'can view application',
  editApplication: 'can edit application',
  deleteApplication: 'can delete application',
  approveApplication: 'can approve application',
  rejectApplication: 'can reject application',
  closeApplication: 'can close application',
  viewTopup: 'can view topup',
  editTopup: 'can edit topup',
  deleteTopup: 'can delete topup',
  approveTopup: 'can approve topup',
  rejectTopup: 'can reject topup',
  closeTopup: 'can close topup',
  sendSms: 'can send sms',
  sendEmail: 'can send email',
  viewRequestApplications: 'can view request applications',
  viewApprovedApplications: 'can view approved applications',
  viewRejectedApplications: 'can view rejected applications',
  viewClosedApplications: 'can view closed applications',
  viewRequestTopups: 'can view request topups',
  viewApprovedTopups: 'can view approved topups',
  viewRejectedTopups: 'can view rejected topups',
  viewClosedTopups: 'can view closed topups',
  viewOfferLetter: 'view loan offer letter',
  sendOfferLetter: 'can send offer letter',
  viewCommunicationModule: 'view communication manager module',
  createMessage: 'can create message',
  editMessage: 'can edit message',
  deleteMessage: 'can delete message',
  viewMessage: 'can view message',
  viewReportsModule: 'view reports manager module',
  viewUsersModule: 'view users manager module',
  createUser: 'can create user',
  editUser: 'can edit user',
  deleteUser: 'can delete user',
  assignRole: 'can assign role',
  viewSettingsModule: 'view settngs manager module',
  viewRoles: 'can view roles',
  assignPermissions: 'can assign permissions',
  revokePermissions: 'can revoke permissions',
  deleteRole: 'can delete role',
  editRole: 'can edit role',
  addRole: 'can add role',
  editSettings: 'can edit settings',
  viewAllBranches: 'can view all branches',
  checkPendingActions: 'can check pending actions',
  viewTransactionModule: 'view transaction manager module',
  viewAllDisbursements: 'can view all disbursements',
  reconcileDisbursements: 'can reconcile disbursements transactions',
  deleteDisbursements: 'can delete disbursements',
  addAutoDisburse: 'can add auto disburse',
  viewAutoDisburse: 'can view auto disburse',
  editAutoDisburse: 'can edit auto disburse',
  deleteAutoDisburse: 'can delete auto disburse',
  viewInstantDisbursements: 'can view instant disbursements',
  instantSingleDisburse: 'can instant single disburse',
  instantBulkDisburse: 'can instant bulk disburse',
  viewRepayments: 'can view repayments',
  addRepayments: 'can add repayments',
  editRepayments: 'can edit repayments',
  deleteRepayments: 'can delete repayments',
  viewClients: 'can view clients',
  requestPayment: 'can request payment',
  manageSuspense: 'can manage suspense',
  waiveLoanCharges: 'can waive loan charges',
  writeOffLoans: 'can write off loans',
  rescheduleLoans: 'can reschedule loans',
} as const satisfies Record<string, PermissionName>;

export function isPermissionName(value: string): value is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Who may read the borrower picker list (`GET /api/client/all`, issue 11 item 8): the
 * screens whose pickers use it, instant disbursement and the message composer (SMS and
 * e-mail). The portal loads the list at start-up only for users holding one of them (no 403
 * for everyone else).
 */
export const CLIENT_PICKER_PERMISSIONS = [P.viewInstantDisbursements, P.createMessage, P.sendSms, P.sendEmail] as const;
