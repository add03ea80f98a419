import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The mobile-money disbursement port (NOTES.md "Disbursements"): initiate a transfer under
 * our reference id (a UUID, the provider's idempotency key), then learn its outcome by a
 * status poll or the provider's callback: pending -> success | failed, with the provider's
 * reference (MTN `financialTransactionId`) or the reason it failed.
 */
export type TransferState = 'pending' | 'success' | 'failed';

export interface TransferRequest {
  /** Our reference: the same id twice is the same transfer at the provider. */
  referenceId: string;
  /** Decimal string with two decimals ('1250.00'): never a float. */
  amount: string;
  currency: 'ZMW';
  /** The payee's mobile number. */
  msisdn: string;
  /** Our business reference (the loan's reference code). */
  externalId: string;
  payerMessage: string;
  payeeNote: string;
  /** Where the provider posts the outcome (optional; polling works without it). */
  callbackUrl?: string;
}

export interface TransferStatus {
  state: TransferState;
  /** The provider's reference of a settled transfer. */
  providerRef: string | null;
  /** Why it failed, as the provider says. */
  reason: string | null;
  /** The provider's answer as received, for the disbursement's provider messages. */
  raw: Record<string, unknown>;
}

export interface MobileMoneyPort {
  /** Stored on each disbursement's `provider`. */
  readonly name: string;
  /** Sends the transfer; answers its state right after (usually pending). Repeating a referenceId does not pay twice. */
  initiate(req: TransferRequest): Promise<TransferStatus>;
  /** The transfer's state now. */
  status(referenceId: string): Promise<TransferStatus>;
}

/** Recipients ending in these digits fail at the sandbox (NOTES.md). */
export const SANDBOX_FAILING_SUFFIX = '0000';

interface SandboxTransfer {
  req: TransferRequest;
  at: number;
}

/**
 * The local default provider (NOTES.md): accepts every transfer as pending, settles it after
 * `settleMs`, and fails recipients ending in `0000`. Deterministic references (`SBX-` + the
 * reference id's first 12 hex digits) so a repeat of a reference id is the same transfer.
 */
export class SandboxMobileMoney implements MobileMoneyPort {
  readonly name = 'sandbox';
  private readonly transfers = new Map<string, SandboxTransfer>();

  constructor(
    private readonly settleMs = 1500,
    private readonly now: () => number = Date.now,
  ) {}

  async initiate(req: TransferRequest): Promise<TransferStatus> {
    if (!this.transfers.has(req.referenceId)) this.transfers.set(req.referenceId, { req, at: this.now() });
    return this.status(req.referenceId);
  }

  async status(referenceId: string): Promise<TransferStatus> {
    const t = this.transfers.get(referenceId);
    if (!t) return { state: 'failed', providerRef: null, reason: 'Unknown transfer (the sandbox forgets on restart).', raw: { status: 'FAILED', reason: 'NOT_FOUND' } };
    if (this.now() - t.at < this.settleMs) return { state: 'pending', providerRef: null, reason: null, raw: { status: 'PENDING' } };
    if (t.req.msisdn.replace(/\D/g, '').endsWith(SANDBOX_FAILING_SUFFIX)) {
      return { state: 'failed', providerRef: null, reason: 'Payee not found (sandbox: recipients ending in 0000 fail).', raw: { status: 'FAILED', reason: 'PAYEE_NOT_FOUND' } };
    }
    const ref = `SBX-${referenceId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    return { state: 'success', providerRef: ref, reason: null, raw: { status: 'SUCCESSFUL', financialTransactionId: ref } };
  }
}

/** MTN MoMo's answer status to ours (Airtel's TS/TF likewise). */
export function mtnState(status: unknown): TransferState {
  if (status === 'SUCCESSFUL') return 'success';
  if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT') return 'failed';
  return 'pending';
}

export interface MtnMomoOptions {
  /** e.g. https://sandbox.momodeveloper.mtn.com */
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** X-Target-Environment: 'sandbox', 'mtnzambia'... */
  targetEnvironment: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * An adapter for the MTN MoMo Disbursement API as its public documentation describes it:
 * `POST /disbursement/token/` (Basic auth of API user and key), `POST /disbursement/v1_0/transfer`
 * with `X-Reference-Id` (our reference id) answering 202, and `GET /disbursement/v1_0/transfer/{id}`.
 */
export class MtnMomoDisbursement implements MobileMoneyPort {
  readonly name = 'mtn_momo';
  private token: { value: string; until: number } | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: MtnMomoOptions) {
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
  }

  private url(path: string): string {
    return `${this.opts.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const res = await this.fetch(this.url('/disbursement/token/'), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.opts.apiUser}:${this.opts.apiKey}`).toString('base64')}`,
        'ocp-apim-subscription-key': this.opts.subscriptionKey,
      },
    });
    if (!res.ok) throw new Error(`MTN MoMo token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('MTN MoMo token: no access_token in the answer');
    // Renew a minute before it expires.
    this.token = { value: body.access_token, until: this.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return this.token.value;
  }

  private async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.bearer()}`,
      'ocp-apim-subscription-key': this.opts.subscriptionKey,
      'x-target-environment': this.opts.targetEnvironment,
      ...extra,
    };
  }

  async initiate(req: TransferRequest): Promise<TransferStatus> {
    const headers = await this.headers({
      'content-type': 'application/json',
      'x-reference-id': req.referenceId,
      ...(req.callbackUrl ? { 'x-callback-url': req.callbackUrl } : {}),
    });
    const res = await this.fetch(this.url('/disbursement/v1_0/transfer'), {
      method: 'POST',
      headers,
      body: JSON.stringify({
        amount: req.amount,
        currency: req.currency,
        externalId: req.externalId,
        payee: { partyIdType: 'MSISDN', partyId: req.msisdn.replace(/\D/g, '') },
        payerMessage: req.payerMessage,
        payeeNote: req.payeeNote,
      }),
    });
    // 409 = this X-Reference-Id was used already: the same transfer, ask its state.
    if (res.status === 409) return this.status(req.referenceId);
    if (res.status !== 202) {
      const text = await res.text();
      return { state: 'failed', providerRef: null, reason: `Refused by MTN MoMo (HTTP ${res.status})`, raw: { httpStatus: res.status, body: text.slice(0, 500) } };
    }
    return { state: 'pending', providerRef: null, reason: null, raw: { httpStatus: 202 } };
  }

  async status(referenceId: string): Promise<TransferStatus> {
    const res = await this.fetch(this.url(`/disbursement/v1_0/transfer/${encodeURIComponent(referenceId)}`), { headers: await this.headers() });
    if (res.status === 404) return { state: 'failed', providerRef: null, reason: 'Unknown transfer at MTN MoMo', raw: { httpStatus: 404 } };
    if (!res.ok) throw new Error(`MTN MoMo status: HTTP ${res.status}`);
    return mtnStatusFromBody((await res.json()) as Record<string, unknown>);
  }
}

/** A transfer's state from an MTN body (the status GET's answer or the callback's body). */
export function mtnStatusFromBody(body: Record<string, unknown>): TransferStatus {
  const state = mtnState(body['status']);
  const ref = typeof body['financialTransactionId'] === 'string' ? body['financialTransactionId'] : null;
  const reasonValue = body['reason'];
  const reason =
    state !== 'failed'
      ? null
      : typeof reasonValue === 'string'
        ? reasonValue
        : reasonValue && typeof reasonValue === 'object' && 'message' in reasonValue
          ? String((reasonValue as { message: unknown }).message)
          : 'Failed at the provider';
  return { state, providerRef: state === 'success' ? ref : null, reason, raw: body };
}

/** The header carrying a callback's signature: hex HMAC-SHA256 of the raw body with the shared secret. */
export const CALLBACK_SIGNATURE_HEADER = 'x-callback-signature';

export function signCallback(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Whether `signature` is the HMAC of `rawBody` (constant time). */
export function verifyCallback(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signCallback(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * The provider the environment names: MOBILE_MONEY_PROVIDER=mtn with MTN_MOMO_BASE_URL,
 * MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER, MTN_MOMO_API_KEY, MTN_MOMO_ENVIRONMENT; else
 * the sandbox (SANDBOX_SETTLE_MS, default 1500).
 */
export function mobileMoneyFromEnv(env: NodeJS.ProcessEnv = process.env): MobileMoneyPort {
  if ((env['MOBILE_MONEY_PROVIDER'] || 'sandbox').toLowerCase() === 'mtn') {
    // Each variable read by its literal name: the README's table test finds them so.
    const need = (name: string, value: string | undefined): string => {
      if (!value) throw new Error(`MOBILE_MONEY_PROVIDER=mtn needs ${name}`);
      return value;
    };
    return new MtnMomoDisbursement({
      baseUrl: need('MTN_MOMO_BASE_URL', env['MTN_MOMO_BASE_URL']),
      subscriptionKey: need('MTN_MOMO_SUBSCRIPTION_KEY', env['MTN_MOMO_SUBSCRIPTION_KEY']),
      apiUser: need('MTN_MOMO_API_USER', env['MTN_MOMO_API_USER']),
      apiKey: need('MTN_MOMO_API_KEY', env['MTN_MOMO_API_KEY']),
      targetEnvironment: env['MTN_MOMO_ENVIRONMENT'] || 'sandbox',
    });
  }
  const settle = Number(env['SANDBOX_SETTLE_MS'] ?? 1500);
  return new SandboxMobileMoney(Number.isFinite(settle) && settle >= 0 ? settle : 1500);
}

/** The callbacks' shared secret (MOBILE_MONEY_CALLBACK_SECRET); without it every callback is refused. */
export function mobileMoneyCallbackSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env['MOBILE_MONEY_CALLBACK_SECRET'] ?? '';
}
