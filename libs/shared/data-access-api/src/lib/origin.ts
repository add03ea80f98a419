import { API, CSRF_COOKIE } from '@loan/shared-contract';

// Where the api is, and the cookie a call reads its CSRF token from: shared by the one base
// query (base-query.ts, RTK Query) and plainCall (plain-call.ts), so both follow the same rules.

/** Base URL of the api. Empty means same origin (the dev servers proxy the api's paths). */
let baseUrl = '';
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/$/, '');
}

/**
 * What a call's path is prefixed with: the base URL, else this page's origin. Absolute URLs:
 * Node's fetch (tests) refuses relative ones; in a browser this is same-origin.
 */
export function apiRoot(): string {
  return baseUrl || (typeof window !== 'undefined' ? window.location.origin : '');
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
/** A method that changes nothing: no CSRF token needed. */
export const isSafeMethod = (method: string) => SAFE.has(method.toUpperCase());

/** The token a mutation echoes in X-XSRF-TOKEN (the api's CSRF cookie), if the browser has one. */
export const csrfToken = () => readCookie(CSRF_COOKIE);

const statusOf = (r: object) => ('error' in r ? (r.error as { status?: unknown } | undefined)?.status : undefined);

/**
 * A call by the api's CSRF rule: a mutation in a fresh browser (no CSRF cookie yet) fetches
 * the cookie first rather than earn a 419, and on a 419 (cookie missing or stale) fetches one
 * and retries once.
 */
export async function withCsrf<R extends object>(
  method: string,
  url: string,
  fetchCookie: () => unknown,
  call: () => R | PromiseLike<R>,
): Promise<R> {
  const isMutation = !isSafeMethod(method);
  if (isMutation && url !== API.csrfCookie && !csrfToken()) await fetchCookie();
  let result = await call();
  if (isMutation && statusOf(result) === 419) {
    await fetchCookie();
    result = await call();
  }
  return result;
}
