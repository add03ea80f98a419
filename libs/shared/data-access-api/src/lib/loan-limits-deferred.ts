import { retryingLoader, useDeferredQueryData } from './deferred';

/** The loan limits' endpoint, loaded on first use (deferred.ts). */
export const loadLoanLimitsEndpoint = retryingLoader(() => import('./loan-limits').then((m) => m.loanLimitsApi.endpoints.getLoanLimits));

/** `useGetLoanLimitsQuery().data` for a page that shows before RTK Query has downloaded (/apply). */
export const useDeferredLoanLimits = () => useDeferredQueryData(loadLoanLimitsEndpoint);
