import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { API, PERMISSIONS_VERSION_HEADER } from '@loan/shared-contract';
import { permissionsChanged, sessionExpired } from './events';
import { apiLogger } from './logger';
import { apiRoot, csrfToken, isSafeMethod, withCsrf } from './origin';
import type { ApiExtraOptions, ApiMeta } from './toasts';

// Where the api is and how a call proves it is ours (CSRF) live in origin.ts, shared with
// plainCall (plain-call.ts), the calls a page makes before RTK Query has downloaded.
export { downloadUrl, readCookie, setApiBaseUrl } from './origin';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers, { type }) => {
    headers.set('Accept', 'application/json');
    if (type === 'mutation') {
      const token = csrfToken();
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
  const root = apiRoot();
  const withBase = (a: string | FetchArgs): string | FetchArgs =>
    typeof a === 'string' ? `${root}${a}` : { ...a, url: `${root}${a.url}` };
  const isMutation = !isSafeMethod(method);
  const call = (a: string | FetchArgs) =>
    rawBaseQuery(withBase(a), { ...api, type: isMutation ? 'mutation' : 'query' }, extra);

  apiLogger.request(method, url);
  const result = await withCsrf(method, url, () => call(API.csrfCookie), () => call(args));
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
