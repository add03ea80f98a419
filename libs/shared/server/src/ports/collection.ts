import { createHash } from 'node:crypto';
import { CALLBACK_SIGNATURE_HEADER, SANDBOX_FAILING_SUFFIX } from './mobile-money';
import { MtnMomoClient, mtnBody, TokenCache, type MtnMomoOptions, type TransferState } from './mtn-momo';

/**
 * The mobile-money collection port (NOTES.md "Collecting money"), beside the payout port:
 * a request to pay goes to the payer's phone under our reference id (a UUID, the provider's
 * idempotency key); its outcome comes by a status poll or the provider's callback:
 * pending -> success | failed, with the provider's transaction id (MTN `financialTransactionId`,
 * Airtel `airtel_money_id`) or the reason it failed.
 */
export type CollectionState = TransferState;

export interface CollectionRequest {
  /** Our reference: the same id twice is the same request at the provider. */
  referenceId: string;
  /** Decimal string with two decimals ('1250.00'): never a float. */
  amount: string;
  currency: 'ZMW';
  /** The payer's mobile number. */
  msisdn: string;
  /** Our business reference (the loan's reference code). */
  externalId: string;
  payerMessage: string;
  payeeNote: string;
  /** Where the provider posts the outcome (optional; polling finds it without). */
  callbackUrl?: string;
}

export interface CollectionStatus {
  state: CollectionState;
  /** The provider's transaction id of a successful collection (the repayment's reference). */
  providerRef: string | null;
  reason: string | null;
  /** The amount the provider says it collected ('1250.00'), when it says. */
  amount: string | null;
  /** The payer's number as the provider gives it, when it does. */
  payer: string | null;
  /** The provider's answer as received (for the request's events). */
  raw: Record<string, unknown>;
}

export interface CollectionPort {
  /** Stored on each collection request's `provider` (and part of the payment's identity). */
  readonly name: string;
  /** Sends the request to pay; answers its state right after (usually pending). A repeated referenceId is the same request. */
  requestToPay(req: CollectionRequest): Promise<CollectionStatus>;
  /** The request's state now. */
  status(referenceId: string): Promise<CollectionStatus>;
}

/** An amount as the provider wrote it ('1250.5', 1250.5 is refused: the provider sends strings) to '1250.50', or null. */
export function collectionAmount(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return `${String(BigInt(m[1]))}.${(m[2] ?? '').padEnd(2, '0')}`;
}

const digits = (msisdn: string) => msisdn.replace(/\D/g, '');

/**
 * The local default (NOTES.md): every request is pending, then settles after `settleMs`;
 * payers ending in `0000` fail. Deterministic transaction ids (`SBXC-` + the reference id's
 * first 12 hex digits), so a repeat of a reference id is the same payment.
 */
export class SandboxCollection implements CollectionPort {
  readonly name = 'sandbox';
  private readonly requests = new Map<string, { req: CollectionRequest; at: number }>();

  constructor(
    private readonly settleMs = 1500,
    private readonly now: () => number = Date.now,
  ) {}

  async requestToPay(req: CollectionRequest): Promise<CollectionStatus> {
    if (!this.requests.has(req.referenceId)) this.requests.set(req.referenceId, { req, at: this.now() });
    return this.status(req.referenceId);
  }

  async status(referenceId: string): Promise<CollectionStatus> {
    const r = this.requests.get(referenceId);
    const base = { amount: r?.req.amount ?? null, payer: r ? digits(r.req.msisdn) : null };
    if (!r) return { state: 'failed', providerRef: null, reason: 'Unknown request (the sandbox forgets on restart).', amount: null, payer: null, raw: { status: 'FAILED', reason: 'NOT_FOUND' } };
    if (this.now() - r.at < this.settleMs) return { ...base, state: 'pending', providerRef: null, reason: null, raw: { status: 'PENDING' } };
    if (digits(r.req.msisdn).endsWith(SANDBOX_FAILING_SUFFIX)) {
      return { ...base, state: 'failed', providerRef: null, reason: 'Payer not found (sandbox: payers ending in 0000 fail).', raw: { status: 'FAILED', reason: 'PAYER_NOT_FOUND' } };
    }
    const ref = `SBXC-${referenceId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    return { ...base, state: 'success', providerRef: ref, reason: null, raw: { status: 'SUCCESSFUL', financialTransactionId: ref } };
  }
}

/** A collection's state from an MTN body (the status GET's answer or the callback's body). */
export function mtnCollectionFromBody(body: Record<string, unknown>): CollectionStatus {
  const read = mtnBody(body);
  const payer = body['payer'] && typeof body['payer'] === 'object' ? (body['payer'] as Record<string, unknown>)['partyId'] : undefined;
  return {
    ...read,
    // A "successful" answer without a transaction id cannot be posted once: read it as pending.
    state: read.state === 'success' && !read.providerRef ? 'pending' : read.state,
    amount: collectionAmount(body['amount']),
    payer: typeof payer === 'string' ? digits(payer) : null,
    raw: body,
  };
}

export type MtnCollectionOptions = MtnMomoOptions;

/**
 * The MTN MoMo Collection API as its public documentation describes it: `POST /collection/token/`
 * (Basic auth of API user and key), `POST /collection/v1_0/requesttopay` with `X-Reference-Id`
 * (our reference id) answering 202, and `GET /collection/v1_0/requesttopay/{id}`.
 * Credentials stay in the client: no message or error carries them.
 */
export class MtnMomoCollection implements CollectionPort {
  readonly name = 'mtn_momo';
  private readonly client: MtnMomoClient;

  constructor(opts: MtnCollectionOptions) {
    this.client = new MtnMomoClient('collection', opts);
  }

  async requestToPay(req: CollectionRequest): Promise<CollectionStatus> {
    const answer = await this.client.request(
      'requesttopay',
      req.referenceId,
      {
        amount: req.amount,
        currency: req.currency,
        externalId: req.externalId,
        payer: { partyIdType: 'MSISDN', partyId: digits(req.msisdn) },
        payerMessage: req.payerMessage,
        payeeNote: req.payeeNote,
      },
      req.callbackUrl,
    );
    // 409: this X-Reference-Id was used already: the same request, ask its state.
    if (answer.kind === 'duplicate') return this.status(req.referenceId);
    if (answer.kind === 'refused') {
      return { state: 'failed', providerRef: null, reason: `Refused by MTN MoMo (HTTP ${answer.httpStatus})`, amount: null, payer: null, raw: { httpStatus: answer.httpStatus, body: answer.body } };
    }
    return { state: 'pending', providerRef: null, reason: null, amount: req.amount, payer: digits(req.msisdn), raw: { httpStatus: 202 } };
  }

  async status(referenceId: string): Promise<CollectionStatus> {
    const answer = await this.client.status('requesttopay', referenceId);
    if (answer.kind === 'not_found') return { state: 'failed', providerRef: null, reason: 'Unknown request at MTN MoMo', amount: null, payer: null, raw: { httpStatus: 404 } };
    return mtnCollectionFromBody(answer.body);
  }
}

/** Airtel's transaction status to ours: TS success, TF (and TE, expired) failed, others (TIP, TA...) pending. */
export function airtelState(status: unknown): CollectionState {
  if (status === 'TS') return 'success';
  if (status === 'TF' || status === 'TE') return 'failed';
  return 'pending';
}

export interface AirtelCollectionOptions {
  /** e.g. https://openapiuat.airtel.africa */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** X-Country (default ZM). */
  country?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Airtel Money's collection in the same request/poll shape: `POST /auth/oauth2/token`
 * (client credentials), `POST /merchant/v1/payments/` (transaction id = our reference id),
 * `GET /standard/v1/payments/{id}` answering `data.transaction.status` TS / TF / others.
 */
export class AirtelMoneyCollection implements CollectionPort {
  readonly name = 'airtel_money';
  private readonly tokens: TokenCache;
  private readonly fetch: typeof fetch;
  private readonly country: string;

  constructor(private readonly opts: AirtelCollectionOptions) {
    this.fetch = opts.fetch ?? fetch;
    this.tokens = new TokenCache(opts.now ?? Date.now);
    this.country = opts.country ?? 'ZM';
  }

  private url(path: string): string {
    return `${this.opts.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.tokens.value(async () => {
      const res = await this.fetch(this.url('/auth/oauth2/token'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: this.opts.clientId, client_secret: this.opts.clientSecret, grant_type: 'client_credentials' }),
      });
      if (!res.ok) throw new Error(`Airtel Money token: HTTP ${res.status}`);
      const body = (await res.json()) as { access_token?: string; expires_in?: number | string };
      if (!body.access_token) throw new Error('Airtel Money token: no access_token in the answer');
      return { token: body.access_token, expiresIn: Number(body.expires_in ?? 180) || 180 };
    });
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-country': this.country, 'x-currency': 'ZMW' };
  }

  async requestToPay(req: CollectionRequest): Promise<CollectionStatus> {
    const res = await this.fetch(this.url('/merchant/v1/payments/'), {
      method: 'POST',
      headers: await this.headers(),
      body: JSON.stringify({
        reference: req.externalId,
        subscriber: { country: this.country, currency: req.currency, msisdn: digits(req.msisdn).replace(/^260/, '') },
        transaction: { amount: req.amount, country: this.country, currency: req.currency, id: req.referenceId },
      }),
    });
    if (!res.ok) {
      const text = await res.text();
      return { state: 'failed', providerRef: null, reason: `Refused by Airtel Money (HTTP ${res.status})`, amount: null, payer: null, raw: { httpStatus: res.status, body: text.slice(0, 500) } };
    }
    return { state: 'pending', providerRef: null, reason: null, amount: req.amount, payer: digits(req.msisdn), raw: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }

  async status(referenceId: string): Promise<CollectionStatus> {
    const res = await this.fetch(this.url(`/standard/v1/payments/${encodeURIComponent(referenceId)}`), { headers: await this.headers() });
    if (res.status === 404) return { state: 'failed', providerRef: null, reason: 'Unknown request at Airtel Money', amount: null, payer: null, raw: { httpStatus: 404 } };
    if (!res.ok) throw new Error(`Airtel Money status: HTTP ${res.status}`);
    const body = (await res.json()) as { data?: { transaction?: Record<string, unknown> } };
    const tr = body.data?.transaction ?? {};
    const state = airtelState(tr['status']);
    const ref = typeof tr['airtel_money_id'] === 'string' && tr['airtel_money_id'] ? tr['airtel_money_id'] : null;
    return {
      state: state === 'success' && !ref ? 'pending' : state,
      providerRef: state === 'success' ? ref : null,
      reason: state === 'failed' ? String(tr['message'] ?? 'Failed at the provider') : null,
      amount: null,
      payer: null,
      raw: body as Record<string, unknown>,
    };
  }
}

/**
 * The collection provider the environment names: COLLECTION_PROVIDER=mtn with MTN_MOMO_BASE_URL,
 * MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY, MTN_MOMO_COLLECTION_API_USER, MTN_MOMO_COLLECTION_API_KEY,
 * MTN_MOMO_ENVIRONMENT; COLLECTION_PROVIDER=airtel with AIRTEL_BASE_URL, AIRTEL_CLIENT_ID,
 * AIRTEL_CLIENT_SECRET; else the sandbox (SANDBOX_SETTLE_MS, default 1500). A missing variable
 * is named; its value never is.
 */
export function collectionFromEnv(env: NodeJS.ProcessEnv = process.env): CollectionPort {
  // Each variable is read by its literal name (the README test finds them so).
  const need = (provider: string, name: string, v: string | undefined): string => {
    if (!v) throw new Error(`COLLECTION_PROVIDER=${provider} needs ${name}`);
    return v;
  };
  const provider = env['COLLECTION_PROVIDER'] ?? 'sandbox';
  if (provider === 'mtn') {
    return new MtnMomoCollection({
      baseUrl: need('mtn', 'MTN_MOMO_BASE_URL', env['MTN_MOMO_BASE_URL']),
      subscriptionKey: need('mtn', 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY', env['MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY']),
      apiUser: need('mtn', 'MTN_MOMO_COLLECTION_API_USER', env['MTN_MOMO_COLLECTION_API_USER']),
      apiKey: need('mtn', 'MTN_MOMO_COLLECTION_API_KEY', env['MTN_MOMO_COLLECTION_API_KEY']),
      targetEnvironment: env['MTN_MOMO_ENVIRONMENT'] || 'sandbox',
    });
  }
  if (provider === 'airtel') {
    return new AirtelMoneyCollection({
      baseUrl: need('airtel', 'AIRTEL_BASE_URL', env['AIRTEL_BASE_URL']),
      clientId: need('airtel', 'AIRTEL_CLIENT_ID', env['AIRTEL_CLIENT_ID']),
      clientSecret: need('airtel', 'AIRTEL_CLIENT_SECRET', env['AIRTEL_CLIENT_SECRET']),
      country: env['AIRTEL_COUNTRY'] || 'ZM',
    });
  }
  const settle = Number(env['SANDBOX_SETTLE_MS'] ?? 1500);
  return new SandboxCollection(Number.isFinite(settle) && settle >= 0 ? settle : 1500);
}

/**
 * The collection callbacks' shared secret (COLLECTION_CALLBACK_SECRET, else the payouts'
 * MOBILE_MONEY_CALLBACK_SECRET); without one every callback is refused. Verified with
 * verifyCallback (hex HMAC-SHA256 of the raw body in CALLBACK_SIGNATURE_HEADER).
 */
export function collectionCallbackSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env['COLLECTION_CALLBACK_SECRET'] || env['MOBILE_MONEY_CALLBACK_SECRET'] || '';
}

/**
 * What a refused callback leaves in the log: the body's size and a short hash (to match it with
 * the provider's records), whether a signature came: never the body (it names a payer), the
 * signature or the secret.
 */
export function refusedCallbackLog(rawBody: string, headers: Record<string, string | string[] | undefined>): Record<string, unknown> {
  return {
    bodyBytes: Buffer.byteLength(rawBody, 'utf8'),
    bodySha256: createHash('sha256').update(rawBody, 'utf8').digest('hex').slice(0, 16),
    signature: headers[CALLBACK_SIGNATURE_HEADER] ? 'present' : 'missing',
  };
}
