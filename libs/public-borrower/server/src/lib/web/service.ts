import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  APPLY_STEPS,
  FLAT_RATE_BPS_DEFAULT,
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_TICKET_VALID_MINUTES,
  OTP_VALID_MINUTES,
  REFERENCE_PREFIX,
  flatRateQuote,
  maskMobile,
  type ApplyStep,
  type CalculatorResult,
  type CreateApplicationResponse,
  type LoanLimits,
  type UnfinishedApplication,
  type UnfinishedData,
  fromNgwee,
  toNgwee,
} from '@loan/shared-contract';
import type { Db } from '@loan/shared-server';
import type { Ports } from '@loan/shared-server';
import { defaultProduct } from '@loan/loans-account';
import { HttpError, assertWithinLoanProduct, conflict, invalid, readLoanProduct } from '@loan/shared-server';
import { audit } from '@loan/shared-server';
import { consume } from '@loan/shared-server';
import * as repo from './repository';

const OTP_PURPOSE = 'application';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const userAgent = (req: FastifyRequest) => (req.headers['user-agent'] ?? '').slice(0, 500) || null;

const bpsToPercent = (bps: number) => fromNgwee(BigInt(bps));

/** The monthly flat rate in basis points (settings, else the default). */
export async function flatRateBps(db: Db): Promise<number> {
  const v = await repo.flatRatePercent(db);
  const n = v === null ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round(n * 100) : FLAT_RATE_BPS_DEFAULT;
}

export async function quote(db: Db, amount: string, tenure: number) {
  const bps = await flatRateBps(db);
  const q = flatRateQuote(toNgwee(amount), tenure, bps);
  return {
    bps,
    result: {
      amount: fromNgwee(toNgwee(amount)),
      tenure,
      rate_percent: bpsToPercent(bps),
      interest: fromNgwee(q.interest),
      total_due: fromNgwee(q.total),
      monthly_instalment: fromNgwee(q.instalment),
    } satisfies CalculatorResult,
  };
}

/** The loan product's limits, rate and fee (settings, read at each call). */
export async function loanLimits(db: Db): Promise<LoanLimits> {
  const p = await readLoanProduct(db);
  return {
    min_amount: p.min_amount,
    max_amount: p.max_amount,
    min_tenure: p.min_tenure,
    max_tenure: p.max_tenure,
    flat_rate_percent: p.flat_rate_percent,
    processing_fee_percent: p.processing_fee_percent,
  };
}

/** Records the use of the calculator and answers the quote (422 outside the product's limits). */
export async function calculatorAttempt(db: Db, req: FastifyRequest, body: { amount: string; tenure: number; mobile?: string }) {
  assertWithinLoanProduct(await readLoanProduct(db), body);
  const { result } = await quote(db, body.amount, body.tenure);
  await repo.insertCalculatorAttempt(db, {
    amount: result.amount,
    tenure: result.tenure,
    rate: result.rate_percent,
    instalment: result.monthly_instalment,
    total: result.total_due,
    ip: req.ip,
    userAgent: userAgent(req),
    mobile: body.mobile ?? null,
  });
  return result;
}

export async function recordIp(db: Db, req: FastifyRequest) {
  await repo.insertIpRecord(db, { ip: req.ip, userAgent: userAgent(req), purpose: 'apply_form' });
  return { ip: req.ip };
}

// ---- OTP ----
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${sha256(`${salt}:${code}`)}`;
}
function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const a = Buffer.from(hash);
  const b = Buffer.from(sha256(`${salt}:${code}`));
  return a.length === b.length && timingSafeEqual(a, b);
}

export const OTP_SENDS_PER_MOBILE = 5;
export const TOO_MANY_CODES = 'We have sent several codes to this number. Wait a few minutes, then ask again.';

/**
 * A new 6-digit code replaces the old ones and goes out through the SMS port (the outbox
 * by default). Besides the route's per-address limit, one number gets at most 5 codes
 * per 10 minutes, so nobody can flood a borrower's phone from many addresses.
 */
export async function sendOtp(db: Db, ports: Ports, req: FastifyRequest, mobile: string) {
  if (!(await consume(db, `otp-send:${mobile}`, OTP_SENDS_PER_MOBILE, OTP_VALID_MINUTES * 60))) {
    throw new HttpError(429, TOO_MANY_CODES, { mobile: [TOO_MANY_CODES] });
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const row = await db.transaction(async (tx) => {
    await repo.retireOtps(tx, mobile, OTP_PURPOSE);
    const r = await repo.insertOtp(tx, { mobile, purpose: OTP_PURPOSE, codeHash: hashCode(code), minutes: OTP_VALID_MINUTES, ip: req.ip });
    await ports.sms.send(
      {
        to: mobile,
        purpose: 'otp',
        body: `Your Loan Portal code is ${code}. It expires in ${OTP_VALID_MINUTES} minutes. Do not share it with anyone.`,
        secrets: [code],
      },
      tx,
    );
    return r;
  });
  return { sent: true as const, expires_at: new Date(row.expires_at).toISOString(), mobile: maskMobile(mobile) };
}

export const NO_ACTIVE_CODE = 'There is no code waiting for this number. Ask for a new code.';
export const CODE_EXPIRED = 'This code has expired. Ask for a new code.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new code.';

/** Checks a code: 5 tries, 10 minutes, single use. A right code yields a ticket. */
export async function validateOtp(db: Db, mobile: string, code: string) {
  const ticket = randomBytes(32).toString('base64url');
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.activeOtp(tx, mobile, OTP_PURPOSE);
    if (!row) return { error: invalid('code', NO_ACTIVE_CODE) };
    if (row.expired) {
      await repo.consumeOtp(tx, row.id);
      return { error: invalid('code', CODE_EXPIRED) };
    }
    if (Number(row.attempts) >= OTP_MAX_TRIES) {
      await repo.consumeOtp(tx, row.id);
      return { error: new HttpError(429, TOO_MANY_TRIES, { code: [TOO_MANY_TRIES] }) };
    }
    if (!codeMatches(row.code_hash, code)) {
      const attempts = await repo.failOtp(tx, row.id, OTP_MAX_TRIES);
      const left = OTP_MAX_TRIES - attempts;
      return {
        error:
          left > 0
            ? invalid('code', `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`)
            : new HttpError(429, TOO_MANY_TRIES, { code: [TOO_MANY_TRIES] }),
      };
    }
    const v = await repo.verifyOtp(tx, row.id, sha256(ticket), OTP_TICKET_VALID_MINUTES);
    if (!v) return { error: invalid('code', NO_ACTIVE_CODE) };
    return { expires: v.ticket_expires_at };
  });
  // Failed tries are committed (the transaction returns the error instead of throwing it).
  if ('error' in outcome && outcome.error) throw outcome.error;
  return { verified: true as const, ticket, expires_at: new Date(outcome.expires as Date).toISOString() };
}

export const TICKET_INVALID = 'Please confirm your mobile number again: your confirmation has run out.';

export async function requireTicket(db: Db, mobile: string, ticket: string | undefined): Promise<void> {
  if (!ticket || !(await repo.ticketValid(db, mobile, sha256(ticket)))) throw invalid('ticket', TICKET_INVALID);
}

// ---- unfinished applications ----
function toUnfinished(r: { mobile: string; step: number; data: unknown; updated_at: Date | string }): UnfinishedApplication {
  const step = (APPLY_STEPS[Number(r.step) - 1] ?? 'personal') as ApplyStep;
  const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as UnfinishedData;
  return { mobile: r.mobile, step, data, updated_at: new Date(r.updated_at).toISOString() };
}

/** Saves a draft; like resuming and submitting, only with the ticket of its mobile. */
export async function saveUnfinished(
  db: Db,
  req: FastifyRequest,
  body: { mobile: string; step: ApplyStep; data: UnfinishedData },
  ticket: string | undefined,
) {
  await requireTicket(db, body.mobile, ticket);
  const row = await repo.saveUnfinished(db, body.mobile, APPLY_STEPS.indexOf(body.step) + 1, body.data, req.ip);
  return toUnfinished(row);
}

export async function loadUnfinished(db: Db, mobile: string, ticket: string | undefined) {
  await requireTicket(db, mobile, ticket);
  const row = await repo.findUnfinished(db, mobile);
  return { data: row ? toUnfinished(row) : null };
}

// ---- clients and applications ----
async function branchOrFail(db: Db, name: string): Promise<number> {
  const id = await repo.branchId(db, name);
  if (id === null) throw invalid('branch', 'Choose the branch nearest to you.');
  return id;
}

/**
 * Registers the client of a confirmed mobile. An NRC that already has a client keeps it
 * as it is: an anonymous caller proves a mobile, not who owns the NRC.
 */
export async function newClient(
  db: Db,
  req: FastifyRequest,
  body: { nrc: string; full_name: string; mobile: string; employer: string; branch: string; ticket: string },
) {
  await requireTicket(db, body.mobile, body.ticket);
  return db.transaction(async (tx) => {
    const branchId = await branchOrFail(tx, body.branch);
    const r = await repo.ensureClient(tx, { nrc: body.nrc, fullname: body.full_name, mobile: body.mobile, employer: body.employer, branchId });
    if (r.created) await audit(req, 'create', 'client', r.id, { source: 'web form' }, tx);
    return r;
  });
}

export async function checkRecord(db: Db, nrc: string) {
  return { exist: await repo.openApplicationExists(db, nrc) };
}

export const DUPLICATE_APPLICATION = 'There is already an open loan application for this NRC. Contact your branch for help.';

/**
 * Submits the form: the confirmed mobile (its ticket used up here, once), no other open
 * application for the NRC, the client (created if new, never changed), the application (status request, reference LA-<year>-<6 digits>), the IP
 * record and the audit entry, all in one transaction.
 */
export async function createApplication(
  db: Db,
  req: FastifyRequest,
  body: { nrc: string; full_name: string; mobile: string; employer: string; branch: string; amount: string; tenure: number; purpose: string; ticket: string },
): Promise<CreateApplicationResponse> {
  // The loan product's limits as they are now (/settings/loan-product): 422 on the fields.
  assertWithinLoanProduct(await readLoanProduct(db), body);
  const { bps, result } = await quote(db, body.amount, body.tenure);
  return db.transaction(async (tx) => {
    if (!(await repo.claimTicket(tx, body.mobile, sha256(body.ticket)))) throw invalid('ticket', TICKET_INVALID);
    await repo.lock(tx, `nrc:${body.nrc}`);
    if (await repo.openApplicationExists(tx, body.nrc)) throw conflict(DUPLICATE_APPLICATION);
    const branchId = await branchOrFail(tx, body.branch);
    const client = await repo.ensureClient(tx, { nrc: body.nrc, fullname: body.full_name, mobile: body.mobile, employer: body.employer, branchId });
    const prefix = `${REFERENCE_PREFIX.application}-${new Date().getUTCFullYear()}-`;
    await repo.lock(tx, `reference:${prefix}`);
    const reference = await repo.nextReference(tx, prefix);
    // Priced with the default loan product (its current version): the setting the quote above
    // reads follows it (issue 26; a picker among several active products is still to come).
    const product = await defaultProduct(tx);
    const id = await repo.insertApplication(tx, {
      productVersionId: product?.current.id ?? null,
      reference,
      clientId: client.id,
      branchId,
      fullname: body.full_name,
      nrc: body.nrc,
      mobile: body.mobile,
      employer: body.employer,
      purpose: body.purpose,
      amount: result.amount,
      tenure: body.tenure,
      // The column holds the flat rate for the whole tenure (monthly rate x months).
      interestRate: bpsToPercent(bps * body.tenure),
      interest: result.interest,
      total: result.total_due,
      ip: req.ip,
      userAgent: userAgent(req),
    });
    await repo.insertIpRecord(tx, { ip: req.ip, userAgent: userAgent(req), purpose: 'application', clientId: client.id, applicationId: id });
    await repo.completeUnfinished(tx, body.mobile);
    await audit(req, 'create', 'loan_application', id, { reference_code: reference, source: 'web form' }, tx);
    return { id, reference_code: reference, status: 'request' as const };
  });
}

/** The last SMS the outbox recorded for a number, newest first. */
export async function outboxFor(db: Db, mobile: string) {
  return { data: await repo.outboxFor(db, mobile) };
}
