/**
 * Paths of the api (spec §7), relative to the api server. The web apps call these
 * through the one RTK Query api slice; the api registers its routes under them.
 */
export const API = {
  csrfCookie: '/sanctum/csrf-cookie',
  login: '/login',
  logout: '/logout',
  initUserData: '/api/initUserData',
  user: '/api/user',
  applications: '/api/applyForLoan',
  topups: '/api/loanTopUp',
  offerLetters: '/api/loan-offer-letter',
  roles: '/api/role',
  permissions: '/api/permission',
  users: '/api/user',
  dashboard: '/api/dashboard',
  communication: '/api/communication',
  transactions: '/api/transactions',
  disburseClient: '/api/disburse-client',
  repayments: '/api/repayments',
  loanDisk: '/api/loan-disk',
  web: '/api/web',
  clients: '/api/client',
  history: '/api/history',
} as const;

/** The header and cookie of the Sanctum-shaped CSRF protection. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'loan_session';

/**
 * On every signed-in answer: a fingerprint of the user's role and permissions. When it
 * changes, the portal reloads the role (menus follow without signing out).
 */
export const PERMISSIONS_VERSION_HEADER = 'x-permissions-version';
