import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BAD_CREDENTIALS_MESSAGE,
  LOGIN_MAX_FAILURES_PER_MINUTE,
  LOGIN_SUCCESS_STATUS,
  PASSWORD_IS_IDENTIFIER,
  PASSWORD_RESET_VALID_MINUTES,
  passwordIsIdentifier,
  type LoginBody,
  type SessionUserDto,
} from '@loan/shared-contract';
import type { Db } from '@loan/shared-server';
import type { Config } from '@loan/shared-server';
import type { Ports } from '@loan/shared-server';
import { HttpError, invalid } from '@loan/shared-server';
import { clearHits, consume, hit, releaseHit } from '@loan/shared-server';
import { randomToken, sha256, startSession } from '@loan/shared-server';
import { dummyHash, hashPassword, verifyPassword } from '@loan/shared-server';
import * as repo from './repository';

export function toUserDto(u: Pick<repo.UserRow, 'id' | 'fullname' | 'roleId' | 'email' | 'uniqueNumber' | 'branch'>): SessionUserDto {
  return { id: u.id, fullname: u.fullname, role_id: u.roleId, email: u.email, unique_number: u.uniqueNumber, branch: u.branch };
}

const loginKey = (body: LoginBody, ip: string) => `login:${(body.email ?? body.unique_number ?? '').toLowerCase()}|${ip}`;
const loginIpKey = (ip: string) => `login-ip:${ip}`;

/**
 * Failed sign-ins one IP may make per minute, whatever identifiers it tries (the
 * per-identifier limit alone lets one address try every account 5 times a minute).
 * Generous enough for an office behind one NAT address.
 */
export const LOGIN_MAX_FAILURES_PER_IP_PER_MINUTE = 20;

/**
 * Checks credentials under the login rate limits (NOTES.md: 5 failed tries per
 * identifier and IP per minute; and LOGIN_MAX_FAILURES_PER_IP_PER_MINUTE per IP), then 429.
 * The try is counted BEFORE the password is checked, atomically, so parallel tries cannot
 * all pass the check; a right password gives its count back. Answers the user, or throws 401/429.
 */
export async function checkCredentials(db: Db, body: LoginBody, ip: string): Promise<repo.UserRow> {
  const key = loginKey(body, ip);
  const ipKey = loginIpKey(ip);
  const tooMany = () => new HttpError(429, 'Too many login attempts. Please try again in a minute.');
  if ((await hit(db, key, 60)) > LOGIN_MAX_FAILURES_PER_MINUTE) throw tooMany();
  // The address's count takes only tries that passed the identifier's limit: counting them
  // all would let a burst on one identifier use up the address's allowance in any order.
  if ((await hit(db, ipKey, 60)) > LOGIN_MAX_FAILURES_PER_IP_PER_MINUTE) {
    await releaseHit(db, key);
    throw tooMany();
  }
  const user = await repo.findUserByIdentifier(db, { email: body.email, uniqueNumber: body.unique_number });
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok || !user.active) throw new BadCredentials();
  await clearHits(db, key);
  await releaseHit(db, ipKey);
  return user;
}

/** 401 in the shape the portal reads: status not '300'. */
export class BadCredentials extends HttpError {
  constructor() {
    super(401, BAD_CREDENTIALS_MESSAGE);
  }
}

export async function login(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  const user = await checkCredentials(db, body, req.ip);
  await startSession(db, config, req, reply, user.id);
  return { user, response: { status: LOGIN_SUCCESS_STATUS, message: `Welcome ${user.fullname}` } };
}

/** Reset e-mails one address may receive per hour, however many callers ask. */
export const RESET_EMAILS_PER_ACCOUNT_PER_HOUR = 3;
/**
 * Every forgot-password answer takes at least this long. Sending (a token, two inserts and
 * the e-mail port) takes longer than finding no account, so without a floor the answer's
 * time tells who has an account. The work measured here is well under it.
 */
export const FORGOT_PASSWORD_MIN_MS = 500;

/**
 * Sends a reset link when the address belongs to an active user and has not had
 * RESET_EMAILS_PER_ACCOUNT_PER_HOUR links this hour. Answers whether one was sent; the
 * caller answers the same either way, after the same time.
 */
export async function requestPasswordReset(db: Db, config: Config, ports: Ports, email: string): Promise<boolean> {
  const started = performance.now();
  try {
    return await sendPasswordReset(db, config, ports, email);
  } finally {
    const left = FORGOT_PASSWORD_MIN_MS - (performance.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

async function sendPasswordReset(db: Db, config: Config, ports: Ports, email: string): Promise<boolean> {
  // Counted for unknown addresses too (same work on both paths), atomically.
  if (!(await consume(db, `reset:${email.toLowerCase()}`, RESET_EMAILS_PER_ACCOUNT_PER_HOUR, 3600))) return false;
  const user = await repo.findUserByIdentifier(db, { email });
  if (!user || !user.active) return false;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await repo.createPasswordReset(tx, user.id, sha256(token), PASSWORD_RESET_VALID_MINUTES);
    const link = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    await ports.email.send(
      {
        to: user.email,
        subject: 'Reset your password',
        body: `Hello ${user.fullname},\n\nUse this link within ${PASSWORD_RESET_VALID_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
        purpose: 'password_reset',
        secrets: [encodeURIComponent(token)],
        createdBy: user.id,
      },
      tx,
    );
  });
  return true;
}

/** Sets a new password from a reset token (single use) and ends the user's sessions. */
export async function resetPassword(db: Db, token: string, email: string, password: string): Promise<number> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await repo.consumePasswordReset(tx, sha256(token), email);
    if (!userId) throw invalid('token', 'This password reset token is invalid.');
    const user = await repo.findUserById(tx, userId);
    if (user && passwordIsIdentifier(password, [user.email, user.uniqueNumber])) throw invalid('password', PASSWORD_IS_IDENTIFIER);
    await repo.setPassword(tx, userId, hash);
    await repo.deleteSessionsOf(tx, userId);
    return userId;
  });
}

export async function changePassword(db: Db, userId: number, sessionHash: string, current: string, next: string): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (!user || !(await verifyPassword(current, user.passwordHash))) {
    throw invalid('current_password', 'The current password is incorrect.');
  }
  if (passwordIsIdentifier(next, [user.email, user.uniqueNumber])) throw invalid('password', PASSWORD_IS_IDENTIFIER);
  const hash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, userId, hash);
    await repo.deleteSessionsOf(tx, userId, sessionHash);
  });
}
