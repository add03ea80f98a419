import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { API } from '@loan/shared-contract';
import { apiLogger } from './logger';
import { apiRoot, csrfToken, isSafeMethod, withCsrf } from './origin';

/** What a call answers, as an RTK Query call does: its data, or a fetch error. */
export type CallOutcome<T> = { data: T } | { error: FetchBaseQueryError };

/** A plain call: the contract's path and, for a mutation, its JSON body. */
export interface PlainCallArgs {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

async function send<T>({ url, method = 'GET', body }: PlainCallArgs): Promise<CallOutcome<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!isSafeMethod(method)) {
    const token = csrfToken();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiRoot()}${url}`, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { error: { status: 'FETCH_ERROR', error: String(e) } };
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(e) } };
  }
  return response.ok ? { data: data as T } : { error: { status: response.status, data } };
}

/**
 * An api call without RTK Query, for what a page needs before RTK Query has downloaded: the
 * borrower's /apply records the visit and reads the loan limits as it shows, and loads the
 * store and RTK Query only when step 1 is sent (issue 33: 26 KB less for a phone). Not a
 * second data layer: no cache, no tags, public calls only (no 401 rule), each defined once
 * beside the endpoints of its domain with the contract's path and types. It follows the base
 * query's rules (origin.ts: the api's base URL, cookies, the CSRF echo, the cookie fetched
 * first and again on a 419), logs as it does, and answers as an RTK Query call does
 * (`{ data } | { error }`, FetchBaseQueryError), so a caller handles both alike.
 */
export async function plainCall<T>(args: PlainCallArgs): Promise<CallOutcome<T>> {
  const method = args.method ?? 'GET';
  apiLogger.request(method, args.url);
  const result = await withCsrf(method, args.url, () => send({ url: API.csrfCookie }), () => send<T>(args));
  if ('error' in result) apiLogger.error(method, args.url, result.error.status, 'data' in result.error ? result.error.data : undefined);
  else apiLogger.response(method, args.url, 'ok');
  return result;
}
