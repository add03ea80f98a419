/**
 * What the MTN MoMo products (Collection for requests to pay, Disbursement for payouts) share:
 * the bearer token of `POST /{product}/token/` (Basic auth of API user and key, cached until a
 * minute before it expires), the headers of every call, the 202 / 409 request and the status
 * GET, and the reading of a status body. Credentials stay in the client: no message or error
 * carries them.
 */

/** A transfer's or a request to pay's state at the provider. */
export type TransferState = 'pending' | 'success' | 'failed';

/** MTN MoMo's answer status to ours (Airtel's TS/TF likewise). */
export function mtnState(status: unknown): TransferState {
  if (status === 'SUCCESSFUL') return 'success';
  if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT') return 'failed';
  return 'pending';
}

/** An MTN body's state, transaction id (of a successful one) and reason (of a failed one). */
export function mtnBody(body: Record<string, unknown>): { state: TransferState; providerRef: string | null; reason: string | null } {
  const state = mtnState(body['status']);
  const ref = typeof body['financialTransactionId'] === 'string' && body['financialTransactionId'] ? body['financialTransactionId'] : null;
  const reasonValue = body['reason'];
  const reason =
    state !== 'failed'
      ? null
      : typeof reasonValue === 'string'
        ? reasonValue
        : reasonValue && typeof reasonValue === 'object' && 'message' in reasonValue
          ? String((reasonValue as { message: unknown }).message)
          : 'Failed at the provider';
  return { state, providerRef: state === 'success' ? ref : null, reason };
}

/** A bearer token cache: fetched by `get`, renewed a minute before it expires. */
export class TokenCache {
  private token: { value: string; until: number } | null = null;
  constructor(private readonly now: () => number = Date.now) {}
  async value(get: () => Promise<{ token: string; expiresIn: number }>): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const t = await get();
    this.token = { value: t.token, until: this.now() + Math.max(0, t.expiresIn - 60) * 1000 };
    return t.token;
  }
}

export interface MtnMomoOptions {
  /** e.g. https://sandbox.momodeveloper.mtn.com */
  baseUrl: string;
  /** The product's subscription key (Ocp-Apim-Subscription-Key). */
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** X-Target-Environment: 'sandbox', 'mtnzambia'... */
  targetEnvironment: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** What a request (POST with X-Reference-Id) or a status GET answered. */
export type MtnAnswer =
  | { kind: 'accepted' }
  | { kind: 'duplicate' }
  | { kind: 'refused'; httpStatus: number; body: string }
  | { kind: 'not_found' }
  | { kind: 'found'; body: Record<string, unknown> };

/** One MTN MoMo product's HTTP client: `product` is 'collection' or 'disbursement'. */
export class MtnMomoClient {
  private readonly tokens: TokenCache;
  private readonly fetch: typeof fetch;
  private readonly label: string;

  constructor(
    private readonly product: 'collection' | 'disbursement',
    private readonly opts: MtnMomoOptions,
  ) {
    this.fetch = opts.fetch ?? fetch;
    this.tokens = new TokenCache(opts.now ?? Date.now);
    this.label = `MTN MoMo ${product}`;
  }

  private url(path: string): string {
    return `${this.opts.baseUrl.replace(/\/$/, '')}/${this.product}${path}`;
  }

  private bearer(): Promise<string> {
    return this.tokens.value(async () => {
      const res = await this.fetch(this.url('/token/'), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.opts.apiUser}:${this.opts.apiKey}`).toString('base64')}`,
          'ocp-apim-subscription-key': this.opts.subscriptionKey,
        },
      });
      if (!res.ok) throw new Error(`${this.label} token: HTTP ${res.status}`);
      const body = (await res.json()) as { access_token?: string; expires_in?: number };
      if (!body.access_token) throw new Error(`${this.label} token: no access_token in the answer`);
      return { token: body.access_token, expiresIn: body.expires_in ?? 3600 };
    });
  }

  private async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.bearer()}`,
      'ocp-apim-subscription-key': this.opts.subscriptionKey,
      'x-target-environment': this.opts.targetEnvironment,
      ...extra,
    };
  }

  /** POST `/v1_0/{resource}` under our reference id: 202 accepted, 409 the same reference again, else refused. */
  async request(resource: string, referenceId: string, body: unknown, callbackUrl?: string): Promise<MtnAnswer> {
    const headers = await this.headers({
      'content-type': 'application/json',
      'x-reference-id': referenceId,
      ...(callbackUrl ? { 'x-callback-url': callbackUrl } : {}),
    });
    const res = await this.fetch(this.url(`/v1_0/${resource}`), { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status === 409) return { kind: 'duplicate' };
    if (res.status !== 202) return { kind: 'refused', httpStatus: res.status, body: (await res.text()).slice(0, 500) };
    return { kind: 'accepted' };
  }

  /** GET `/v1_0/{resource}/{referenceId}`: found (its body) or not found; other answers throw. */
  async status(resource: string, referenceId: string): Promise<Extract<MtnAnswer, { kind: 'found' | 'not_found' }>> {
    const res = await this.fetch(this.url(`/v1_0/${resource}/${encodeURIComponent(referenceId)}`), { headers: await this.headers() });
    if (res.status === 404) return { kind: 'not_found' };
    if (!res.ok) throw new Error(`${this.label} status: HTTP ${res.status}`);
    return { kind: 'found', body: (await res.json()) as Record<string, unknown> };
  }
}
