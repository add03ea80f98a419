export { api, TAG_TYPES, type TagType } from './lib/api';
export { historyApi, useGetRecordHistoryQuery, type RecordHistoryArgs } from './lib/history';
export {
  approvalsApi,
  useGetPendingActionsQuery,
  useGetPendingActionQuery,
  useGetPendingActionCountQuery,
  useApprovePendingActionMutation,
  useRejectPendingActionMutation,
  useGetMakerCheckerQuery,
  useSaveMakerCheckerMutation,
  type PendingActionListArgs,
} from './lib/approvals';
export { loanLimitsApi, useGetLoanLimitsQuery } from './lib/loan-limits';
export {
  DeferredStoreContext,
  retryingLoader,
  useDeferredDispatch,
  useDeferredMutation,
  useDeferredQueryData,
  type DispatchHolder,
} from './lib/deferred';
export { fetchLoanLimits, usePlainLoanLimits } from './lib/loan-limits-plain';
export { plainCall, type CallOutcome, type PlainCallArgs } from './lib/plain-call';
export { downloadUrl, baseQuery, setApiBaseUrl, readCookie, resetPermissionsVersion } from './lib/base-query';
export { fileNameFrom, saveBlob, saveFileResponse, type DownloadOutcome } from './lib/download';
export { sessionExpired, permissionsChanged } from './lib/events';
export { apiReady, type LazyApiExtra } from './lib/api-ready';
export { apiLogger } from './lib/logger';
export { errorMessage, fieldErrors, isFetchError, type ApiErrorBody } from './lib/errors';
export {
  createToastMiddleware,
  toastMiddleware,
  type ToastSpec,
  type ApiExtraOptions,
  type ApiMeta,
  type Notify,
  type ToastVariant,
} from './lib/toasts';
export { showToast, closeToast, useToasts, toastAreaMounted, type ToastFunctions } from './lib/toast-queue';
export { ToastArea } from './lib/toast-area';
export { applyServerErrors, type ServerErrorsResult, type ApplyServerErrorsOptions } from './lib/forms';
