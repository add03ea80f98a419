import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_COOKIE, API, PERMISSIONS_VERSION_HEADER } from '@loan/shared-contract';
import { permissionsChanged, sessionExpired } from './events';
import { apiLogger } from './logger';
import type { ApiExtraOptions, ApiMeta } from './toasts';

/** Base URL of the api. Empty means same origin (the dev servers proxy the api's paths). */
let baseUrl = '';
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/$/, '');
}

/**
 * The address of an api GET for the browser to open itself (a file download the browser
 * streams to disk): the api's base URL (same origin when empty), the path and the params.
 */
export function downloadUrl(path: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${baseUrl}${path}${query ? `?${query}` : ''}`;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers, { type }) => {
    headers.set('Accept', 'application/json');
    if (type === 'mutation') {
      const token = readCookie(CSRF_COOKIE);
      if (token) headers.set('X-XSRF-TOKEN', token);
    }
    return headers;
  },
});

function describe(args: string | FetchArgs) {
  const url = typeof args === 'string' ? args : args.url;
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  return { url, method };
}

function isUnauthorized(error: FetchBaseQueryError): boolean {
  if (error.status === 401) return true;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message.includes('401 Unauthorized');
}

/** The last permissions fingerprint the api sent (per page load; a new sign-in starts over). */
let seenPermissionsVersion: string | null = null;
/** Forgets the fingerprint (tests; sign-out). */
export function resetPermissionsVersion() {
  seenPermissionsVersion = null;
}

/**
 * The one baseQuery: cookies, CSRF echo on mutations (and fetches a fresh CSRF cookie
 * once when the server answers 419), logging, and the 401 rule of spec §8: dispatch
 * sessionExpired, then pass the error on to the caller.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, ApiMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const extra = extraOptions ?? {};
  const { url, method } = describe(args);
  // Absolute URLs: Node's fetch (tests) refuses relative ones; in a browser this is same-origin.
  const root = baseUrl || (typeof window !== 'undefined' ? window.location.origin : '');
  const withBase = (a: string | FetchArgs): string | FetchArgs =>
    typeof a === 'string' ? `${root}${a}` : { ...a, url: `${root}${a.url}` };
  const isMutation = !SAFE.has(method);
  const call = (a: string | FetchArgs) =>
    rawBaseQuery(withBase(a), { ...api, type: isMutation ? 'mutation' : 'query' }, extra);

  apiLogger.request(method, url);
  if (isMutation && url !== API.csrfCookie && !readCookie(CSRF_COOKIE)) {
    // A fresh browser has no CSRF cookie yet: fetch it first rather than earn a 419.
    await call(API.csrfCookie);
  }
  let result = await call(args);
  if (result.error?.status === 419 && isMutation) {
    // CSRF cookie missing or stale: fetch one and retry once.
    await call(API.csrfCookie);
    result = await call(args);
  }
  const version = result.meta?.response?.headers.get(PERMISSIONS_VERSION_HEADER) ?? null;
  if (version && version !== seenPermissionsVersion) {
    const before = seenPermissionsVersion;
    seenPermissionsVersion = version;
    // The first answer only sets the baseline: the role is loaded at start-up anyway.
    if (before !== null) api.dispatch(permissionsChanged(version));
  }
  if (result.error) {
    apiLogger.error(method, url, result.error.status, result.error.data);
    if (isUnauthorized(result.error) && url !== API.login && !url.startsWith(API.initUserData)) {
      api.dispatch(sessionExpired());
    }
  } else {
    apiLogger.response(method, url, result.meta?.response?.status ?? 'ok');
  }
  // The endpoint's toast spec rides on the meta to the toast middleware (toasts.ts).
  return extra.toast ? { ...result, meta: { ...result.meta, toast: extra.toast } } : result;
};
