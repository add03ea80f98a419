import { declareBorrowerFlows } from '../../../tools/e2e/borrower-flows';

// The borrower pages served by the portal (its route table lists /apply and
// /loan-offer-letter/:token) against the real api; the same flows run on the separate
// borrower app in apps/public-borrower-e2e.
declareBorrowerFlows();
