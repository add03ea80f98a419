import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { requestLog } from './server';

/** The named answers every endpoint's testing entry offers (issue 10, item 5). */
export const VARIANT_NAMES = ['ok', 'empty', 'invalid', 'forbidden', 'error', 'slow'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];
export type EndpointVariants = Record<VariantName, HttpHandler>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface VariantOptions<T> {
  /** The normal answer: a value, or built from the request's query and body. */
  ok: T | ((req: { query: Record<string, string>; body: unknown }) => T);
  /** The answer with nothing in it (an empty list, zero totals). */
  empty: T;
  /** Field errors of the 422 variant. */
  fieldErrors?: Record<string, string[]>;
  /** How long the slow variant waits before answering ok (ms); long enough to see the loading state. */
  slowMs?: number;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The six handlers of one endpoint on its relative path: ok, empty, invalid (422 with
 * field errors), forbidden (403), error (500) and slow. Each logs the request it saw in
 * `requestLog`, so a test can assert what the screen sent.
 */
export function endpointVariants<T>(method: Method, path: string, options: VariantOptions<T>): EndpointVariants {
  const make = (answer: (req: { query: Record<string, string>; body: unknown }) => Promise<Response> | Response): HttpHandler =>
    http[method.toLowerCase() as 'get'](path, async ({ request }) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams.entries());
      const body = await readBody(request);
      requestLog.push({ method: request.method, path: url.pathname, query, search: url.search, body });
      return answer({ query, body });
    });
  const okValue = (req: { query: Record<string, string>; body: unknown }) =>
    typeof options.ok === 'function' ? (options.ok as (r: typeof req) => T)(req) : options.ok;
  return {
    ok: make((req) => HttpResponse.json(okValue(req) as never)),
    empty: make(() => HttpResponse.json(options.empty as never)),
    invalid: make(() =>
      HttpResponse.json(
        { message: 'The given data was invalid.', errors: options.fieldErrors ?? { id: ['Must be a positive whole number.'] } },
        { status: 422 },
      ),
    ),
    forbidden: make(() => HttpResponse.json({ message: 'You do not have permission to do this.' }, { status: 403 })),
    error: make(() => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
    slow: make(async (req) => {
      await delay(options.slowMs ?? 400);
      return HttpResponse.json(okValue(req) as never);
    }),
  };
}
