export { makeStore, renderWithProviders, LocationProbe, type TestStore, type MakeStoreOptions, type RenderOptions } from './render';
export { TEST_ORIGIN, apiUrl, csrfCookieHandler, loanLimitsHandler, DEFAULT_LOAN_LIMITS, setupApiServer, requestLog, lastRequest, type LoggedRequest } from './server';
export { endpointVariants, VARIANT_NAMES, type EndpointVariants, type VariantName, type VariantOptions } from './variants';
export { makeLoanBalance, makeRepayment } from './loan-fixtures';
export { approvalsVariants, approvalsHandlers, makePendingAction, makeMakerChecker } from './approvals';
