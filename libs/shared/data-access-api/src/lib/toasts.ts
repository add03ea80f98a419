import { isFulfilled, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { showToast } from './toast-queue';
import { errorMessage } from './errors';

/**
 * The outcome messages of one endpoint, declared where the endpoint is defined:
 *
 *   deleteApplications: b.mutation({ query, extraOptions: { toast: { success: 'Deleted.', error: true } } })
 *
 * `error: true` shows the api's own message (or a plain fallback). A function may return
 * null to stay silent for that outcome (a 422 whose field errors the form already shows).
 */
export interface ToastSpec {
  success?: string | ((data: unknown, arg: unknown) => string | null);
  error?: string | true | ((error: FetchBaseQueryError, arg: unknown) => string | null);
}

/** What an endpoint's `extraOptions` may carry. */
export interface ApiExtraOptions {
  toast?: ToastSpec;
}

/** The base query's meta: fetch's request/response plus the endpoint's toast spec. */
export type ApiMeta = Partial<FetchBaseQueryMeta> & { toast?: ToastSpec };

export type ToastVariant = 'success' | 'error';
export type Notify = (message: string, options: { variant: ToastVariant }) => void;

interface ApiActionMeta {
  baseQueryMeta?: ApiMeta;
  arg?: { originalArgs?: unknown };
}

function metaOf(action: unknown): ApiActionMeta | undefined {
  return (action as { meta?: ApiActionMeta }).meta;
}

/** A toast that fails must not fail the call it reports on. */
function safely(notify: Notify, text: string, variant: ToastVariant) {
  try {
    notify(text, { variant });
  } catch (e) {
    console.error('toast failed', e);
  }
}

/** A 422 answer's field errors belong on the form's fields; a toast would only repeat them. */
function isFieldErrorAnswer(error: FetchBaseQueryError): boolean {
  return error.status === 422 && typeof error.data === 'object' && error.data !== null && 'errors' in error.data;
}


/**
 * The one place toasts about api outcomes come from (ARCHITECTURE.md "Data flow" 4): it
 * reads the toast spec the base query copied from the endpoint's `extraOptions` into the
 * action's meta, so screens never call enqueueSnackbar for a call's outcome.
 */
export function createToastMiddleware(notify: Notify = showToast): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    const meta = metaOf(action);
    const spec = meta?.baseQueryMeta?.toast;
    if (!spec) return result;
    const arg = meta?.arg?.originalArgs;
    if (isFulfilled(action) && spec.success) {
      const text = typeof spec.success === 'function' ? spec.success(action.payload, arg) : spec.success;
      if (text) safely(notify, text, 'success');
    } else if (isRejectedWithValue(action) && spec.error) {
      const error = action.payload as FetchBaseQueryError;
      let text: string | null;
      if (typeof spec.error === 'function') text = spec.error(error, arg);
      else if (isFieldErrorAnswer(error)) text = null;
      else text = spec.error === true ? errorMessage(error) : errorMessage(error, spec.error);
      if (text) safely(notify, text, 'error');
    }
    return result;
  };
}

/** The portal's toast middleware: toasts through the toast area (toast-queue.ts). */
export const toastMiddleware = createToastMiddleware();
