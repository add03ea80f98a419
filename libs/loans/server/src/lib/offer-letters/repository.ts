import { sql, type SQL } from 'drizzle-orm';
import { keysetAfter, likeContains, queryRows, scopeCondition, type BranchScope, type Db, type ListCursor } from '@loan/shared-server';
import { readRows, totalFromPage } from '../loans/repository/rows';

/** SQL of offer letters. Signatures are bytea; they leave the database as base64 text. */

export interface ApplicationForOffer {
  id: string;
  status: string;
  reference_code: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string | null;
  branch: string | null;
  branch_id: string | null;
  amount: string;
  tenure_months: number;
  interest: string;
  total_amount_due: string;
  client_id: string | null;
}

export async function applicationForOffer(db: Db, id: number): Promise<ApplicationForOffer | undefined> {
  const [r] = await queryRows<ApplicationForOffer>(
    db,
    sql`SELECT a.id, a.status, a.reference_code, a.fullname, a.nrc, a.mobile, a.employer, b.name AS branch, a.branch_id,
               a.amount::text, a.tenure_months, a.interest::text, a.total_amount_due::text, a.client_id
        FROM loan_applications a LEFT JOIN branches b ON b.id = a.branch_id
        WHERE a.id = ${id} FOR UPDATE OF a`,
  );
  return r;
}

export async function hasSignedLetter(db: Db, applicationId: number): Promise<boolean> {
  const r = await queryRows(db, sql`SELECT 1 FROM offer_letters WHERE application_id = ${applicationId} AND status = 'signed' LIMIT 1`);
  return r.length > 0;
}

/** A new letter replaces the pending ones of the application (their links stop working). */
export async function expirePending(db: Db, applicationId: number): Promise<void> {
  await db.execute(sql`UPDATE offer_letters SET status = 'expired', expired_reason = 'replaced', updated_at = now()
    WHERE application_id = ${applicationId} AND status = 'pending'`);
}

export async function insertLetter(
  db: Db,
  l: {
    applicationId: number;
    tokenHash: string;
    principal: string;
    interest: string;
    total: string;
    tenure: number;
    terms: string;
    /** The product's terms version the text came from; null for a text staff wrote. */
    termsVersion: number | null;
    processingFee: string;
    repName: string;
    repSignature: Buffer;
    repMime: string;
    validDays: number;
    createdBy: number;
    idempotencyKey: string | null;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, interest, total_amount_due, tenure_months,
          terms_conditions, authorized_rep_name, authorized_rep_date, authorized_rep_signature, authorized_rep_signature_mime,
          expires_at, sent_at, created_by, idempotency_key, processing_fee, terms_version)
        VALUES (${l.applicationId}, ${l.tokenHash}, 'pending', ${l.principal}::numeric, ${l.interest}::numeric, ${l.total}::numeric, ${l.tenure},
          ${l.terms}, ${l.repName}, current_date, ${l.repSignature}, ${l.repMime},
          now() + make_interval(days => ${l.validDays}), now(), ${l.createdBy}, ${l.idempotencyKey}, ${l.processingFee}::numeric, ${l.termsVersion})
        RETURNING id`,
  );
  return Number(r.id);
}

export interface LetterRow {
  id: string;
  status: 'pending' | 'signed' | 'expired';
  past_expiry: boolean;
  application_id: string;
  reference_code: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string | null;
  branch: string | null;
  principal: string;
  interest: string;
  total_amount_due: string;
  tenure_months: number;
  terms_conditions: string;
  processing_fee: string;
  terms_version: number | null;
  authorized_rep_name: string;
  authorized_rep_date: string;
  rep_signature_b64: string | null;
  authorized_rep_signature_mime: string | null;
  borrower_name: string | null;
  borrower_date: string | null;
  borrower_signature_b64: string | null;
  borrower_signature_mime: string | null;
  signed_at: Date | string | null;
  signed_ip: string | null;
  signed_user_agent: string | null;
  signed_sha256: string | null;
  expires_at: Date | string;
  created_at: Date | string;
  expired_reason: 'lapsed' | 'replaced' | null;
  created_by_name: string | null;
  sent_at: Date | string | null;
  opened_at: Date | string | null;
  opened_ip: string | null;
  opened_user_agent: string | null;
  last_opened_at: Date | string | null;
  open_count: number;
}

const LETTER_COLUMNS = sql`o.id, o.status, (o.expires_at <= now()) AS past_expiry, o.application_id, a.reference_code, a.fullname, a.nrc,
    a.mobile, a.employer, b.name AS branch, o.principal::text, o.interest::text, o.total_amount_due::text, o.tenure_months,
    o.terms_conditions, o.processing_fee::text, o.terms_version, o.authorized_rep_name, to_char(o.authorized_rep_date, 'YYYY-MM-DD') AS authorized_rep_date,
    encode(o.authorized_rep_signature, 'base64') AS rep_signature_b64, o.authorized_rep_signature_mime,
    o.borrower_name, to_char(o.borrower_date, 'YYYY-MM-DD') AS borrower_date,
    encode(o.borrower_signature, 'base64') AS borrower_signature_b64, o.borrower_signature_mime,
    o.signed_at, o.signed_ip, o.signed_user_agent, o.signed_sha256, o.expires_at, o.created_at,
    o.expired_reason, u.fullname AS created_by_name, o.sent_at, o.opened_at, o.opened_ip, o.opened_user_agent, o.last_opened_at, o.open_count`;
const LETTER_FROM = sql`FROM offer_letters o JOIN loan_applications a ON a.id = o.application_id LEFT JOIN branches b ON b.id = a.branch_id
    LEFT JOIN users u ON u.id = o.created_by`;
const SELECT_LETTER = sql`SELECT ${LETTER_COLUMNS} ${LETTER_FROM}`;

/** A letter as the contracts list reads it: no terms, no signature images, no author. */
export type LetterListRow = Pick<
  LetterRow,
  | 'id'
  | 'status'
  | 'past_expiry'
  | 'expired_reason'
  | 'application_id'
  | 'reference_code'
  | 'fullname'
  | 'nrc'
  | 'mobile'
  | 'branch'
  | 'principal'
  | 'interest'
  | 'total_amount_due'
  | 'tenure_months'
  | 'signed_at'
  | 'expires_at'
  | 'created_at'
> & { created_at_text: string };

/** The list's columns, with the keyset position: created_at as the database's exact text. */
const SELECT_LIST_ROW = sql`SELECT o.id, o.status, (o.expires_at <= now()) AS past_expiry, o.expired_reason, o.application_id,
    a.reference_code, a.fullname, a.nrc, a.mobile, b.name AS branch, o.principal::text, o.interest::text, o.total_amount_due::text,
    o.tenure_months, o.signed_at, o.expires_at, o.created_at, o.created_at::text AS created_at_text
  FROM offer_letters o JOIN loan_applications a ON a.id = o.application_id LEFT JOIN branches b ON b.id = a.branch_id`;

export async function letterBy(db: Db, where: SQL, forUpdate = false): Promise<LetterRow | undefined> {
  const [r] = await queryRows<LetterRow>(db, sql`${SELECT_LETTER} WHERE ${where} ${forUpdate ? sql`FOR UPDATE OF o` : sql``}`);
  return r;
}
export const byTokenHash = (hash: string) => sql`o.token_hash = ${hash}`;
export const byId = (id: number) => sql`o.id = ${id}`;
export const byIdempotencyKey = (userId: number, key: string) => sql`o.created_by = ${userId} AND o.idempotency_key = ${key}`;

/** Serialises work on one key for the rest of the transaction. */
export async function lock(db: Db, key: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function markExpired(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE offer_letters SET status = 'expired', expired_reason = 'lapsed', updated_at = now() WHERE id = ${id} AND status = 'pending'`);
}

/**
 * A letter's state as read (the DTO's rule): a pending letter past its expiry is expired
 * already, before the lapse job marks it so. Lists filter on this, so reading never writes.
 */
function effectiveStatusIs(status: string): SQL {
  if (status === 'pending') return sql`(o.status = 'pending' AND o.expires_at > now())`;
  if (status === 'expired') return sql`(o.status = 'expired' OR (o.status = 'pending' AND o.expires_at <= now()))`;
  return sql`o.status = ${status}`;
}

/** Marks pending letters past their expiry as lapsed (the scheduled lapse job); answers how many. */
export async function expireOverdue(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE offer_letters SET status = 'expired', expired_reason = 'lapsed', updated_at = now() WHERE status = 'pending' AND expires_at <= now() RETURNING id`,
  );
  return rows.length;
}

/**
 * The borrower opened the link: the first opening (time, IP, user agent) is kept for the
 * evidence page; later ones only count. One statement, no read first.
 */
export async function recordOpening(db: Db, id: number, ip: string, userAgent: string | null): Promise<void> {
  await db.execute(sql`UPDATE offer_letters SET
      opened_at = coalesce(opened_at, now()),
      opened_ip = CASE WHEN opened_at IS NULL THEN ${ip} ELSE opened_ip END,
      opened_user_agent = CASE WHEN opened_at IS NULL THEN ${userAgent} ELSE opened_user_agent END,
      last_opened_at = now(), open_count = open_count + 1
    WHERE id = ${id}`);
}

/** A new link for a pending letter (the old one stops working); null when it is no longer pending. */
export async function rotateToken(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const r = await queryRows(
    db,
    sql`UPDATE offer_letters SET token_hash = ${tokenHash}, sent_at = now(), updated_at = now()
         WHERE id = ${id} AND status = 'pending' AND expires_at > now() RETURNING id`,
  );
  return r.length > 0;
}

/** The representative's and the borrower's signature bytes, to recompute the signed content's hash. */
export async function signatureBytes(db: Db, id: number): Promise<{ rep: Buffer | null; borrower: Buffer | null } | undefined> {
  const [r] = await queryRows<{ rep: string | null; borrower: string | null }>(
    db,
    sql`SELECT encode(authorized_rep_signature, 'base64') AS rep, encode(borrower_signature, 'base64') AS borrower FROM offer_letters WHERE id = ${id}`,
  );
  if (!r) return undefined;
  const buf = (b: string | null) => (b ? Buffer.from(b.replace(/\s/g, ''), 'base64') : null);
  return { rep: buf(r.rep), borrower: buf(r.borrower) };
}

export async function markSigned(
  db: Db,
  s: { id: number; name: string; date: string; image: Buffer; mime: string; ip: string; userAgent: string | null; sha256: string },
): Promise<Date | string | null> {
  const [r] = await queryRows<{ signed_at: Date | string }>(
    db,
    sql`UPDATE offer_letters SET status = 'signed', borrower_name = ${s.name}, borrower_date = ${s.date}::date,
          borrower_signature = ${s.image}, borrower_signature_mime = ${s.mime}, signed_at = now(), signed_ip = ${s.ip},
          signed_user_agent = ${s.userAgent}, signed_sha256 = ${s.sha256}, updated_at = now()
        WHERE id = ${s.id} AND status = 'pending' RETURNING signed_at`,
  );
  return r?.signed_at ?? null;
}

/** COUNT_CAP of the loans: letters counted exactly up to this many, else `total` is left out. */
const LETTER_COUNT_CAP = 1_000;

/**
 * One page of letters, newest first on (created_at DESC, id DESC), pageSize + 1 rows (the
 * extra says more follow): after a cursor (keyset) or from a page number. Search is a
 * case-insensitive substring of reference, name, NRC or mobile (`%` and `_` are text).
 */
export async function listLetters(
  db: Db,
  f: {
    status?: string;
    search?: string;
    fromDate?: string;
    toDate?: string;
    page: number;
    pageSize: number;
    cursor?: ListCursor;
    scope: SQL;
    /** The scope names the application's branch (a user without `can view all branches`). */
    scoped: boolean;
  },
): Promise<{ rows: LetterListRow[]; total: number | undefined }> {
  const conds: SQL[] = [f.scope];
  if (f.status) conds.push(effectiveStatusIs(f.status));
  if (f.search) {
    const like = likeContains(f.search);
    conds.push(sql`(a.reference_code ILIKE ${like} OR a.fullname ILIKE ${like} OR a.nrc ILIKE ${like} OR a.mobile ILIKE ${like})`);
  }
  if (f.fromDate) conds.push(sql`o.created_at >= ${f.fromDate}::date`);
  if (f.toDate) conds.push(sql`o.created_at < ${f.toDate}::date + 1`);
  const where = sql.join(conds, sql` AND `);
  const seek = f.cursor ? sql` AND ${keysetAfter(sql`o.created_at`, sql`o.id`, f.cursor)}` : sql``;
  const offset = f.cursor ? 0 : (f.page - 1) * f.pageSize;
  // Without a search (no LIKE) the page and its count run as prepared statements, planned
  // once per connection (planning the three-table join cost more than running it); limit and
  // offset are validated integers, written as literals so the generic plan stays a top-N.
  const prepare = !f.search;
  const rows = await readRows<LetterListRow>(
    db,
    sql`${SELECT_LIST_ROW} WHERE ${where}${seek} ORDER BY o.created_at DESC, o.id DESC
         LIMIT ${sql.raw(String(Math.trunc(f.pageSize) + 1))} OFFSET ${sql.raw(String(Math.trunc(offset)))}`,
    prepare,
  );
  const shown = totalFromPage(rows.length, f.pageSize, offset, f.cursor);
  if (shown !== undefined) return { rows, total: shown };
  // Every letter has its application (foreign key): the join is there only for the search and the branch scope.
  const from = f.search || f.scoped ? sql`offer_letters o JOIN loan_applications a ON a.id = o.application_id` : sql`offer_letters o`;
  const [c] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${sql.raw(String(LETTER_COUNT_CAP + 1))}) capped`, prepare);
  const n = Number(c?.n ?? 0);
  return { rows, total: n <= LETTER_COUNT_CAP ? n : undefined };
}

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The branch scope on the letters' applications (alias `a`), as SQL. */
export function scopeSql(scope: BranchScope): SQL {
  return scopeCondition(scope, sql`a.branch_id`) ?? sql`true`;
}

/** The letters (inside the scope), locked: a signing in progress finishes first. */
export async function lockLetters(db: Db, ids: number[], scope: SQL): Promise<{ id: number; status: string; reference_code: string }[]> {
  const rows = await queryRows<{ id: string; status: string; reference_code: string }>(
    db,
    sql`SELECT o.id, o.status, a.reference_code FROM offer_letters o JOIN loan_applications a ON a.id = o.application_id
         WHERE o.id IN (${idList(ids)}) AND ${scope} ORDER BY o.id FOR UPDATE OF o`,
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status, reference_code: r.reference_code }));
}

/** Keeps the letters whole in deleted_records, then deletes them. */
export async function archiveAndDelete(db: Db, ids: number[], userId: number | null): Promise<number[]> {
  if (ids.length === 0) return [];
  await db.execute(sql`
    INSERT INTO deleted_records (entity, entity_id, reference, record, deleted_by)
    SELECT 'offer_letter', o.id, a.reference_code, to_jsonb(o), ${userId}
      FROM offer_letters o JOIN loan_applications a ON a.id = o.application_id WHERE o.id IN (${idList(ids)})`);
  const rows = await queryRows<{ id: string }>(db, sql`DELETE FROM offer_letters WHERE id IN (${idList(ids)}) RETURNING id`);
  return rows.map((r) => Number(r.id));
}
