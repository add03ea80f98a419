import { useEffect, useState } from 'react';
import { LOAN_LIMITS_PATH, type LoanLimits } from '@loan/shared-contract';
import { plainCall } from './plain-call';

/** The loan limits (GET LOAN_LIMITS_PATH, as loanLimitsApi's getLoanLimits) through plainCall. */
export const fetchLoanLimits = () => plainCall<LoanLimits>({ url: LOAN_LIMITS_PATH });

/**
 * The loan product's limits for a page that shows before RTK Query has downloaded (the
 * borrower's /apply, issue 33): asked once as the component mounts, undefined until they
 * answer (and if they fail: the page then offers the outer limits, as with a failed query).
 * Elsewhere, `useGetLoanLimitsQuery().data`.
 */
export function usePlainLoanLimits(): LoanLimits | undefined {
  const [limits, setLimits] = useState<LoanLimits>();
  useEffect(() => {
    let live = true;
    void fetchLoanLimits().then((r) => {
      if (live && 'data' in r) setLimits(r.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return limits;
}
