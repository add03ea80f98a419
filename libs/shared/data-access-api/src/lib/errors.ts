import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The api's error body: a message, and field errors on 422. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export function isFetchError(e: unknown): e is FetchBaseQueryError {
  return typeof e === 'object' && e !== null && 'status' in e;
}

/** Field errors of a 422 answer, keyed by field path, or an empty object. */
export function fieldErrors(e: unknown): Record<string, string[]> {
  if (isFetchError(e) && e.status === 422) return (e.data as ApiErrorBody)?.errors ?? {};
  return {};
}

/** A plain message for a failed call, for a toast or an inline error. */
export function errorMessage(e: FetchBaseQueryError | SerializedError | unknown, fallback = 'Something went wrong!'): string {
  if (isFetchError(e)) {
    const msg = (e.data as ApiErrorBody | undefined)?.message;
    if (typeof msg === 'string' && msg) return msg;
    if (e.status === 'FETCH_ERROR') return 'Cannot reach the server. Check your connection and try again.';
    return fallback;
  }
  if (typeof e === 'object' && e && 'message' in e && typeof (e as SerializedError).message === 'string') {
    return (e as SerializedError).message as string;
  }
  return fallback;
}
