import { createHmac, timingSafeEqual } from 'node:crypto';
import { MtnMomoClient, mtnBody, type MtnMomoOptions, type TransferState } from './mtn-momo';

export { mtnState, type MtnMomoOptions, type TransferState } from './mtn-momo';

/**
 * The mobile-money disbursement port (NOTES.md "Disbursements"): initiate a transfer under
 * our reference id (a UUID, the provider's idempotency key), then learn its outcome by a
 * status poll or the provider's callback: pending -> success | failed, with the provider's
 * reference (MTN `financialTransactionId`) or the reason it failed.
 */
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

/**
 * An adapter for the MTN MoMo Disbursement API as its public documentation describes it:
 * `POST /disbursement/token/` (Basic auth of API user and key), `POST /disbursement/v1_0/transfer`
 * with `X-Reference-Id` (our reference id) answering 202, and `GET /disbursement/v1_0/transfer/{id}`.
 */
export class MtnMomoDisbursement implements MobileMoneyPort {
  readonly name = 'mtn_momo';
  private readonly client: MtnMomoClient;

  constructor(opts: MtnMomoOptions) {
    this.client = new MtnMomoClient('disbursement', opts);
  }

  async initiate(req: TransferRequest): Promise<TransferStatus> {
    const answer = await this.client.request(
      'transfer',
      req.referenceId,
      {
        amount: req.amount,
        currency: req.currency,
        externalId: req.externalId,
        payee: { partyIdType: 'MSISDN', partyId: req.msisdn.replace(/\D/g, '') },
        payerMessage: req.payerMessage,
        payeeNote: req.payeeNote,
      },
      req.callbackUrl,
    );
    // 409 = this X-Reference-Id was used already: the same transfer, ask its state.
    if (answer.kind === 'duplicate') return this.status(req.referenceId);
    if (answer.kind === 'refused') {
      return { state: 'failed', providerRef: null, reason: `Refused by MTN MoMo (HTTP ${answer.httpStatus})`, raw: { httpStatus: answer.httpStatus, body: answer.body } };
    }
    return { state: 'pending', providerRef: null, reason: null, raw: { httpStatus: 202 } };
  }

  async status(referenceId: string): Promise<TransferStatus> {
    const answer = await this.client.status('transfer', referenceId);
    if (answer.kind === 'not_found') return { state: 'failed', providerRef: null, reason: 'Unknown transfer at MTN MoMo', raw: { httpStatus: 404 } };
    return mtnStatusFromBody(answer.body);
  }
}

/** A transfer's state from an MTN body (the status GET's answer or the callback's body). */
export function mtnStatusFromBody(body: Record<string, unknown>): TransferStatus {
  return { ...mtnBody(body), raw: body };
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
