import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';

/** SQL of the public application form. Money travels as numeric text, never floats. */

export const FLAT_RATE_SETTING = 'loan.flat_rate_monthly_percent';

export async function flatRatePercent(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ value: unknown }>(db, sql`SELECT value FROM settings WHERE key = ${FLAT_RATE_SETTING}`);
  return row ? String(row.value) : null;
}

export interface OtpRow {
  id: string;
  code_hash: string;
  attempts: number;
  expired: boolean;
}

/** Invalidates the unused codes of a mobile (a new code replaces them). */
export async function retireOtps(db: Db, mobile: string, purpose: string): Promise<void> {
  await db.execute(sql`UPDATE otp_codes SET consumed_at = now() WHERE mobile = ${mobile} AND purpose = ${purpose} AND consumed_at IS NULL`);
}

export async function insertOtp(db: Db, row: { mobile: string; purpose: string; codeHash: string; minutes: number; ip: string }) {
  const [r] = await queryRows<{ id: string; expires_at: Date | string }>(
    db,
    sql`INSERT INTO otp_codes (mobile, purpose, code_hash, expires_at, ip_address)
        VALUES (${row.mobile}, ${row.purpose}, ${row.codeHash}, now() + make_interval(mins => ${row.minutes}), ${row.ip})
        RETURNING id, expires_at`,
  );
  return r;
}

/** The code waiting to be confirmed for a mobile, locked for the check. */
export async function activeOtp(db: Db, mobile: string, purpose: string): Promise<OtpRow | undefined> {
  const [r] = await queryRows<OtpRow>(
    db,
    sql`SELECT id, code_hash, attempts, (expires_at <= now()) AS expired FROM otp_codes
        WHERE mobile = ${mobile} AND purpose = ${purpose} AND consumed_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
  );
  return r;
}

export async function failOtp(db: Db, id: string, maxTries: number): Promise<number> {
  const [r] = await queryRows<{ attempts: number }>(
    db,
    sql`UPDATE otp_codes SET attempts = attempts + 1,
          consumed_at = CASE WHEN attempts + 1 >= ${maxTries} THEN now() ELSE consumed_at END
        WHERE id = ${id} RETURNING attempts`,
  );
  return Number(r?.attempts ?? maxTries);
}

export async function consumeOtp(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE otp_codes SET consumed_at = now() WHERE id = ${id}`);
}

/** Marks the code used and stores the ticket it yields; false when someone else used it first. */
export async function verifyOtp(db: Db, id: string, ticketHash: string, minutes: number) {
  const [r] = await queryRows<{ ticket_expires_at: Date | string }>(
    db,
    sql`UPDATE otp_codes SET consumed_at = now(), verified_at = now(), ticket_hash = ${ticketHash},
          ticket_expires_at = now() + make_interval(mins => ${minutes})
        WHERE id = ${id} AND consumed_at IS NULL RETURNING ticket_expires_at`,
  );
  return r;
}

/** A ticket proves its mobile until it expires or submits an application. */
export async function ticketValid(db: Db, mobile: string, ticketHash: string): Promise<boolean> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM otp_codes
        WHERE ticket_hash = ${ticketHash} AND mobile = ${mobile} AND ticket_expires_at > now() AND ticket_used_at IS NULL`,
  );
  return !!r;
}

/**
 * Uses a ticket up, atomically: of parallel claims one updates the row and the others,
 * once its lock is released, find ticket_used_at set and claim nothing.
 */
export async function claimTicket(db: Db, mobile: string, ticketHash: string): Promise<boolean> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`UPDATE otp_codes SET ticket_used_at = now()
        WHERE ticket_hash = ${ticketHash} AND mobile = ${mobile} AND ticket_expires_at > now() AND ticket_used_at IS NULL
        RETURNING id`,
  );
  return !!r;
}

export async function saveUnfinished(db: Db, mobile: string, step: number, data: unknown, ip: string) {
  const [r] = await queryRows<{ mobile: string; step: number; data: unknown; updated_at: Date | string }>(
    db,
    sql`INSERT INTO unfinished_applications (mobile, step, data, ip_address)
        VALUES (${mobile}, ${step}, ${JSON.stringify(data)}::jsonb, ${ip})
        ON CONFLICT (mobile) DO UPDATE SET step = excluded.step, data = excluded.data, ip_address = excluded.ip_address,
          completed_at = NULL, updated_at = now()
        RETURNING mobile, step, data, updated_at`,
  );
  return r;
}

export async function findUnfinished(db: Db, mobile: string) {
  const [r] = await queryRows<{ mobile: string; step: number; data: unknown; updated_at: Date | string }>(
    db,
    sql`SELECT mobile, step, data, updated_at FROM unfinished_applications WHERE mobile = ${mobile} AND completed_at IS NULL`,
  );
  return r;
}

export async function completeUnfinished(db: Db, mobile: string): Promise<void> {
  await db.execute(sql`UPDATE unfinished_applications SET completed_at = now(), updated_at = now() WHERE mobile = ${mobile}`);
}

export async function insertCalculatorAttempt(
  db: Db,
  a: { amount: string; tenure: number; rate: string; instalment: string; total: string; ip: string; userAgent: string | null; mobile: string | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO calculator_attempts (amount, tenure_months, interest_rate, monthly_instalment, total_amount_due, ip_address, user_agent, mobile)
        VALUES (${a.amount}::numeric, ${a.tenure}, ${a.rate}::numeric, ${a.instalment}::numeric, ${a.total}::numeric, ${a.ip}, ${a.userAgent}, ${a.mobile})`,
  );
}

export async function insertIpRecord(
  db: Db,
  r: { ip: string; userAgent: string | null; purpose: string; clientId?: number | null; applicationId?: number | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO ip_records (ip_address, user_agent, purpose, client_id, application_id)
        VALUES (${r.ip}, ${r.userAgent}, ${r.purpose}, ${r.clientId ?? null}, ${r.applicationId ?? null})`,
  );
}

export async function branchId(db: Db, name: string): Promise<number | null> {
  const [r] = await queryRows<{ id: string }>(db, sql`SELECT id FROM branches WHERE name = ${name}`);
  return r ? Number(r.id) : null;
}

/**
 * The client of an NRC: created when new, otherwise the existing one, untouched. The public
 * form never changes who a client is; staff do (the application keeps what was typed).
 */
export async function ensureClient(
  db: Db,
  c: { nrc: string; fullname: string; mobile: string; employer: string; branchId: number | null },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO clients (fullname, nrc, mobile, employer, branch_id)
        VALUES (${c.fullname}, ${c.nrc}, ${c.mobile}, ${c.employer}, ${c.branchId})
        ON CONFLICT (nrc) DO NOTHING
        RETURNING id`,
  );
  if (inserted) return { id: Number(inserted.id), created: true };
  // ON CONFLICT waited for any concurrent insert of the NRC to commit, so the row is visible.
  const [existing] = await queryRows<{ id: string }>(db, sql`SELECT id FROM clients WHERE nrc = ${c.nrc}`);
  return { id: Number(existing.id), created: false };
}

export async function openApplicationExists(db: Db, nrc: string): Promise<boolean> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM loan_applications WHERE nrc = ${nrc} AND kind = 'application' AND status IN ('request', 'approved') LIMIT 1`,
  );
  return !!r;
}

/** Serialises work on one key for the rest of the transaction. */
export async function lock(db: Db, key: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function nextReference(db: Db, prefix: string): Promise<string> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`SELECT coalesce(max(substring(reference_code from ${prefix.length + 1}::int)::int), 0) + 1 AS n
        FROM loan_applications WHERE reference_code LIKE ${`${prefix}%`} AND reference_code ~ ${`^${prefix}[0-9]{6}$`}`,
  );
  return `${prefix}${String(Number(r?.n ?? 1)).padStart(6, '0')}`;
}

export async function insertApplication(
  db: Db,
  a: {
    reference: string;
    clientId: number;
    branchId: number;
    fullname: string;
    nrc: string;
    mobile: string;
    employer: string;
    purpose: string;
    amount: string;
    tenure: number;
    interestRate: string;
    interest: string;
    total: string;
    ip: string;
    userAgent: string | null;
    /** The loan product version it was priced with (the default product's current one). */
    productVersionId: number | null;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO loan_applications (kind, reference_code, client_id, branch_id, fullname, nrc, mobile, employer, purpose,
          amount, tenure_months, interest_rate, interest, total_amount_due, status, ip_address, user_agent, product_version_id)
        VALUES ('application', ${a.reference}, ${a.clientId}, ${a.branchId}, ${a.fullname}, ${a.nrc}, ${a.mobile}, ${a.employer}, ${a.purpose},
          ${a.amount}::numeric, ${a.tenure}, ${a.interestRate}::numeric, ${a.interest}::numeric, ${a.total}::numeric, 'request', ${a.ip}, ${a.userAgent},
          ${a.productVersionId})
        RETURNING id`,
  );
  return Number(r.id);
}

export async function outboxFor(db: Db, mobile: string) {
  const rows = await queryRows<{ id: string; body: string; purpose: string; status: string; created_at: Date | string }>(
    db,
    sql`SELECT id, body, purpose, status, created_at FROM messages WHERE channel = 'sms' AND recipient = ${mobile}
        ORDER BY created_at DESC, id DESC LIMIT 20`,
  );
  return rows.map((r) => ({ id: Number(r.id), body: r.body, purpose: r.purpose, status: r.status, created_at: new Date(r.created_at).toISOString() }));
}
