import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { LoanCursor, LoanKind, LoanStatus } from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';
import { applicationComments, branches, clients, loanApplications as la, loanStatsMonthly as st, offerLetters, users } from '@loan/shared-server/schema';

/**
 * SQL of loan applications and top-ups (one table, `kind`). Lists are ordered newest
 * first on (created_at DESC, id DESC), the order of the (kind, [branch,] status,
 * created_at, id) indexes, so a keyset cursor seeks straight to its page and a page
 * number pages over the index alone (deferred join). Counts and sums come from
 * loan_stats_monthly (kept by triggers), never from a scan per request.
 */

/** Rows counted exactly for searches and filters before the total is reported as "at least". */
export const COUNT_CAP = 1_000;

export interface ListFilter {
  kind: LoanKind;
  status?: LoanStatus;
  /** undefined: every branch. */
  branchId?: number;
  search?: string;
  nrc?: string;
  mobile?: string;
  amount?: string;
  fromDate?: string;
  toDate?: string;
  employer?: string;
  referenceCode?: string;
}

/**
 * A timestamp as the api answers it (`2026-03-04T05:06:07.123Z`, what Date#toISOString
 * writes), formatted by the database: lists skip parsing and re-printing five dates a row.
 */
const isoText = (col: AnyPgColumn) =>
  sql<string | null>`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const rowColumns = {
  id: la.id,
  kind: la.kind,
  referenceCode: la.referenceCode,
  status: la.status,
  nrc: la.nrc,
  mobile: la.mobile,
  employer: la.employer,
  amount: la.amount,
  interest: la.interest,
  totalAmountDue: la.totalAmountDue,
  tenureMonths: la.tenureMonths,
  purpose: la.purpose,
  branchId: la.branchId,
  branchName: branches.name,
  clientId: la.clientId,
  parentId: la.parentId,
  fullname: la.fullname,
  approvedAt: isoText(la.approvedAt),
  rejectedAt: isoText(la.rejectedAt),
  closedAt: isoText(la.closedAt),
  createdAt: isoText(la.createdAt),
  updatedAt: isoText(la.updatedAt),
  /** The exact timestamp text, so a cursor seeks to the same microsecond. */
  createdAtText: sql<string>`${la.createdAt}::text`.as('created_at_text'),
};

export type LoanRow = {
  id: number;
  kind: LoanKind;
  referenceCode: string;
  status: LoanStatus;
  nrc: string;
  mobile: string;
  employer: string | null;
  amount: string;
  interest: string;
  totalAmountDue: string;
  tenureMonths: number;
  purpose: string | null;
  branchId: number | null;
  branchName: string | null;
  clientId: number | null;
  parentId: number | null;
  fullname: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdAtText: string;
};

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Mobile prefixes as stored (+260XXXXXXXXX) for what a user types: 097..., 26097..., +26097..., 97... */
export function mobilePrefix(term: string): string | undefined {
  const t = term.replace(/[\s-]/g, '');
  if (!/^\+?\d{2,13}$/.test(t)) return undefined;
  if (t.startsWith('+')) return t;
  if (t.startsWith('260')) return `+${t}`;
  if (t.startsWith('0')) return `+260${t.slice(1)}`;
  return `+260${t}`;
}

/**
 * Prefix search (case-insensitive) on reference code, borrower name, employer, NRC and
 * mobile: each side has a prefix index, so the planner ORs index scans.
 */
function searchCondition(term: string): SQL {
  const lower = likePrefix(term.toLowerCase());
  const parts: SQL[] = [
    sql`${la.referenceCode} LIKE ${likePrefix(term.toUpperCase())}`,
    sql`lower(${la.fullname}) LIKE ${lower}`,
    sql`lower(${la.employer}) LIKE ${lower}`,
  ];
  if (/^[\d/]+$/.test(term)) parts.push(sql`${la.nrc} LIKE ${likePrefix(term)}`);
  const mobile = mobilePrefix(term);
  if (mobile) parts.push(sql`${la.mobile} LIKE ${likePrefix(mobile)}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export function whereOf(f: ListFilter): SQL {
  const conds: SQL[] = [eq(la.kind, f.kind)];
  if (f.status) conds.push(eq(la.status, f.status));
  if (f.branchId !== undefined) conds.push(eq(la.branchId, f.branchId));
  if (f.search) conds.push(searchCondition(f.search));
  if (f.nrc) conds.push(sql`${la.nrc} LIKE ${likePrefix(f.nrc)}`);
  if (f.mobile) {
    const m = mobilePrefix(f.mobile);
    conds.push(m ? sql`${la.mobile} LIKE ${likePrefix(m)}` : sql`false`);
  }
  if (f.amount) conds.push(sql`${la.amount} = ${f.amount}::numeric`);
  if (f.fromDate) conds.push(sql`${la.createdAt} >= ${`${f.fromDate}T00:00:00Z`}::timestamptz`);
  if (f.toDate) conds.push(sql`${la.createdAt} < (${f.toDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (f.employer) conds.push(sql`lower(${la.employer}) LIKE ${likePrefix(f.employer.toLowerCase())}`);
  if (f.referenceCode) conds.push(sql`${la.referenceCode} LIKE ${likePrefix(f.referenceCode.toUpperCase())}`);
  return and(...conds) as SQL;
}

/** True when the filter's total can be read from loan_stats_monthly. */
export function countableFromStats(f: ListFilter): boolean {
  return !f.search && !f.nrc && !f.mobile && !f.amount && !f.fromDate && !f.toDate && !f.employer && !f.referenceCode;
}

const afterCursor = (c: LoanCursor) => sql`(${la.createdAt}, ${la.id}) < (${c.createdAt}::timestamptz, ${c.id})`;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const isoCol = (c: string) => `to_char(loan_applications.${c} AT TIME ZONE 'UTC', ${ISO}) AS ${c}`;

/**
 * The list's columns as plain SQL: the hot list query skips drizzle's select builder and
 * row mapper (measured at about half the cost of the whole query) and maps by hand.
 */
const LIST_COLUMNS = sql.raw(
  [
    'loan_applications.id',
    'loan_applications.kind',
    'loan_applications.reference_code',
    'loan_applications.status',
    'loan_applications.nrc',
    'loan_applications.mobile',
    'loan_applications.employer',
    'loan_applications.amount::text AS amount',
    'loan_applications.interest::text AS interest',
    'loan_applications.total_amount_due::text AS total_amount_due',
    'loan_applications.tenure_months',
    'loan_applications.purpose',
    'loan_applications.branch_id',
    'branches.name AS branch_name',
    'loan_applications.client_id',
    'loan_applications.parent_id',
    'loan_applications.fullname',
    isoCol('approved_at'),
    isoCol('rejected_at'),
    isoCol('closed_at'),
    isoCol('created_at'),
    isoCol('updated_at'),
    'loan_applications.created_at::text AS created_at_text',
  ].join(', '),
);

interface ListDbRow {
  id: string | number;
  kind: LoanKind;
  reference_code: string;
  status: LoanStatus;
  nrc: string;
  mobile: string;
  employer: string | null;
  amount: string;
  interest: string;
  total_amount_due: string;
  tenure_months: number;
  purpose: string | null;
  branch_id: string | number | null;
  branch_name: string | null;
  client_id: string | number | null;
  parent_id: string | number | null;
  fullname: string;
  approved_at: string | null;
  rejected_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  created_at_text: string;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

function fromListRow(r: ListDbRow): LoanRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    referenceCode: r.reference_code,
    status: r.status,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer,
    amount: r.amount,
    interest: r.interest,
    totalAmountDue: r.total_amount_due,
    tenureMonths: Number(r.tenure_months),
    purpose: r.purpose,
    branchId: num(r.branch_id),
    branchName: r.branch_name,
    clientId: num(r.client_id),
    parentId: num(r.parent_id),
    fullname: r.fullname,
    approvedAt: r.approved_at,
    rejectedAt: r.rejected_at,
    closedAt: r.closed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    createdAtText: r.created_at_text,
  };
}

const NEWEST_FIRST = sql.raw('loan_applications.created_at DESC, loan_applications.id DESC');

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a read as a named (server-side prepared) statement when `db` is the PostgreSQL
 * pool, so each connection plans the list query once instead of on every request
 * (planning costs more than running these index scans). Only for queries without LIKE
 * patterns, whose generic plan could not use the prefix indexes. PGlite, transactions
 * and everything else go through queryRows.
 */
async function readRows<T>(db: Db, query: SQL, prepare: boolean): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!prepare || !(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name && statementNames.size < 500) {
    name = `loans_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * One page, newest first, perPage + 1 rows (the extra one says whether more follow).
 * With a cursor it seeks (keyset); else it skips `offset` index entries without touching
 * the table (from `fromMonth` when given, so the skip stays within about one month),
 * then reads only the page's rows.
 */
export async function listPage(
  db: Db,
  where: SQL,
  opts: {
    perPage: number;
    cursor?: LoanCursor;
    offset: number;
    /** 'YYYY-MM-01': start at the newest row of this UTC month (the offset counts from there). */
    fromMonth?: string;
    /** Use a prepared statement (only for filters without LIKE: kind, status, branch). */
    prepare?: boolean;
  },
): Promise<LoanRow[]> {
  if (opts.fromMonth) {
    where = and(
      where,
      sql`${la.createdAt} < ((${opts.fromMonth}::date + interval '1 month')::timestamp AT TIME ZONE 'UTC')`,
    ) as SQL;
  }
  if (opts.cursor) where = and(where, afterCursor(opts.cursor)) as SQL;
  // A literal (a validated page size + 1): with a parameter PostgreSQL assumes a large
  // LIMIT and never chooses the cached generic plan of the prepared statement.
  const limit = sql.raw(String(Math.trunc(opts.perPage) + 1));
  const rows =
    opts.cursor || opts.offset === 0
      ? await readRows<ListDbRow>(
          db,
          sql`SELECT ${LIST_COLUMNS} FROM loan_applications
                LEFT JOIN branches ON branches.id = loan_applications.branch_id
               WHERE ${where} ORDER BY ${NEWEST_FIRST} LIMIT ${limit}`,
          !!opts.prepare,
        )
      : await readRows<ListDbRow>(
          db,
          sql`SELECT ${LIST_COLUMNS}
                FROM (SELECT loan_applications.id AS pid FROM loan_applications
                       WHERE ${where} ORDER BY ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${opts.offset}) AS page_ids
                JOIN loan_applications ON loan_applications.id = page_ids.pid
                LEFT JOIN branches ON branches.id = loan_applications.branch_id
               ORDER BY ${NEWEST_FIRST}`,
          !!opts.prepare,
        );
  return rows.map(fromListRow);
}

/** Exact count up to COUNT_CAP (+1 to know it was reached). */
export async function cappedCount(db: Db, where: SQL): Promise<number> {
  const inner = db.select({ one: sql<number>`1`.as('one') }).from(la).where(where).limit(COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

export interface StatsScope {
  kind: LoanKind;
  status?: LoanStatus;
  branchId?: number;
  /** First day of the first month (YYYY-MM-01), inclusive. */
  fromMonth?: string;
  /** First day of the month after the last, exclusive. */
  toMonth?: string;
}

function statsWhere(s: StatsScope): SQL {
  const conds: SQL[] = [eq(st.kind, s.kind)];
  if (s.status) conds.push(eq(st.status, s.status));
  if (s.branchId !== undefined) conds.push(eq(st.branchId, s.branchId));
  if (s.fromMonth) conds.push(sql`${st.month} >= ${s.fromMonth}::date`);
  if (s.toMonth) conds.push(sql`${st.month} < ${s.toMonth}::date`);
  return and(...conds) as SQL;
}

export interface StatsTotals {
  count: number;
  totalAmount: string;
  totalAmountDue: string;
}

const totalsColumns = {
  count: sql<string>`coalesce(sum(${st.count}), 0)::text`,
  totalAmount: sql<string>`coalesce(sum(${st.totalAmount}), 0)::numeric(18,2)::text`,
  totalAmountDue: sql<string>`coalesce(sum(${st.totalAmountDue}), 0)::numeric(18,2)::text`,
};

export async function statsTotals(db: Db, scope: StatsScope): Promise<StatsTotals> {
  // Plain SQL: read on every list request (see LIST_COLUMNS).
  const [row] = await readRows<{ count: string; total_amount: string; total_amount_due: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::text AS count,
               coalesce(sum(total_amount), 0)::numeric(18,2)::text AS total_amount,
               coalesce(sum(total_amount_due), 0)::numeric(18,2)::text AS total_amount_due
          FROM loan_stats_monthly WHERE ${statsWhere(scope)}`,
    true,
  );
  return { count: Number(row.count), totalAmount: row.total_amount, totalAmountDue: row.total_amount_due };
}

export async function statsByStatus(db: Db, scope: StatsScope): Promise<(StatsTotals & { status: LoanStatus })[]> {
  const rows = await db
    .select({ status: st.status, ...totalsColumns })
    .from(st)
    .where(statsWhere(scope))
    .groupBy(st.status);
  return rows.map((r) => ({
    status: r.status as LoanStatus,
    count: Number(r.count),
    totalAmount: r.totalAmount,
    totalAmountDue: r.totalAmountDue,
  }));
}

/** Row counts per month (newest first) of a scope: where a page number's rows begin. */
export async function monthCounts(db: Db, scope: StatsScope): Promise<{ month: string; count: number }[]> {
  const rows = await readRows<{ month: string; count: string }>(
    db,
    sql`SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(count)::text AS count
          FROM loan_stats_monthly WHERE ${statsWhere(scope)}
         GROUP BY month HAVING sum(count) > 0 ORDER BY month DESC`,
    true,
  );
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

export async function statsByMonthAndStatus(
  db: Db,
  scope: StatsScope,
): Promise<{ month: string; status: LoanStatus; count: number }[]> {
  const rows = await db
    .select({ month: st.month, status: st.status, count: sql<string>`sum(${st.count})::text` })
    .from(st)
    .where(statsWhere(scope))
    .groupBy(st.month, st.status);
  return rows.map((r) => ({ month: r.month, status: r.status as LoanStatus, count: Number(r.count) }));
}

/** A branch by id (digits) or by name or code (case-insensitive); undefined when none matches. */
export async function findBranchId(db: Db, ref: string): Promise<number | undefined> {
  const cond = /^\d{1,15}$/.test(ref)
    ? eq(branches.id, Number(ref))
    : sql`lower(${branches.name}) = ${ref.toLowerCase()} OR lower(${branches.code}) = ${ref.toLowerCase()}`;
  const [row] = await db.select({ id: branches.id }).from(branches).where(cond).limit(1);
  return row?.id;
}

export async function branchExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id)).limit(1);
  return !!row;
}

export async function findById(db: Db, kind: LoanKind, id: number, forUpdate = false): Promise<LoanRow | undefined> {
  if (forUpdate) {
    // Lock the row first (FOR UPDATE cannot apply to the nullable side of the branch join).
    const [locked] = await db.select({ id: la.id }).from(la).where(and(eq(la.kind, kind), eq(la.id, id))).for('update');
    if (!locked) return undefined;
  }
  const [row] = (await db
    .select(rowColumns)
    .from(la)
    .leftJoin(branches, eq(branches.id, la.branchId))
    .where(and(eq(la.kind, kind), eq(la.id, id)))) as LoanRow[];
  return row;
}

export type LoanPatch = Partial<{
  status: LoanStatus;
  amount: string;
  totalAmountDue: string;
  employer: string;
  mobile: string;
  nrc: string;
  branchId: number;
  approvedAt: Date;
  rejectedAt: Date;
  closedAt: Date;
}>;

export async function updateLoan(db: Db, id: number, patch: LoanPatch, userId: number | null): Promise<void> {
  await db
    .update(la)
    .set({ ...patch, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(la.id, id));
}

export interface ExistingLoan {
  id: number;
  referenceCode: string;
  status: LoanStatus;
  branchId: number | null;
}

export async function existingIds(db: Db, kind: LoanKind, ids: number[]): Promise<ExistingLoan[]> {
  if (ids.length === 0) return [];
  return (await db
    .select({ id: la.id, referenceCode: la.referenceCode, status: la.status, branchId: la.branchId })
    .from(la)
    .where(and(eq(la.kind, kind), inArray(la.id, ids)))
    .for('update')) as ExistingLoan[];
}

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Which of the applications have a signed offer letter, locking their letters (a signing waits). */
export async function signedLetterOwners(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await queryRows<{ application_id: string; status: string }>(
    db,
    sql`SELECT application_id, status FROM offer_letters WHERE application_id IN (${idList(ids)}) FOR UPDATE`,
  );
  return new Set(rows.filter((r) => r.status === 'signed').map((r) => Number(r.application_id)));
}

/** Which of the applications have a disbursement (whatever its state). */
export async function disbursedIds(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await queryRows<{ application_id: string }>(
    db,
    sql`SELECT DISTINCT application_id FROM disbursements WHERE application_id IN (${idList(ids)})`,
  );
  return new Set(rows.map((r) => Number(r.application_id)));
}

/** Keeps the applications whole in deleted_records (with their offer letters and comments). */
export async function archive(db: Db, ids: number[], userId: number | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO deleted_records (entity, entity_id, reference, record, deleted_by)
    SELECT a.kind, a.id, a.reference_code,
           to_jsonb(a) || jsonb_build_object(
             'offer_letters', coalesce((SELECT jsonb_agg(to_jsonb(o) ORDER BY o.id) FROM offer_letters o WHERE o.application_id = a.id), '[]'::jsonb),
             'comments', coalesce((SELECT jsonb_agg(to_jsonb(c) ORDER BY c.id) FROM application_comments c WHERE c.application_id = a.id), '[]'::jsonb)),
           ${userId}
      FROM loan_applications a WHERE a.id IN (${idList(ids)})`);
}

export async function deleteByIds(db: Db, kind: LoanKind, ids: number[]): Promise<number> {
  const rows = await db
    .delete(la)
    .where(and(eq(la.kind, kind), inArray(la.id, ids)))
    .returning({ id: la.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------

export interface CommentRow {
  id: number;
  applicationId: number;
  body: string;
  status: 'open' | 'resolved';
  author: string | null;
  createdAt: Date;
}

const commentColumns = {
  id: applicationComments.id,
  applicationId: applicationComments.applicationId,
  body: applicationComments.body,
  status: applicationComments.status,
  author: users.fullname,
  createdAt: applicationComments.createdAt,
};

export async function insertComment(db: Db, applicationId: number, userId: number | null, body: string): Promise<CommentRow> {
  const [created] = await db
    .insert(applicationComments)
    .values({ applicationId, userId, body })
    .returning({ id: applicationComments.id });
  const [row] = await commentsWhere(db, eq(applicationComments.id, created.id));
  return row;
}

function commentsWhere(db: Db, where: SQL): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(applicationComments)
    .leftJoin(users, eq(users.id, applicationComments.userId))
    .where(where)
    .orderBy(desc(applicationComments.createdAt), desc(applicationComments.id)) as Promise<CommentRow[]>;
}

export async function commentsOf(db: Db, applicationIds: number[]): Promise<CommentRow[]> {
  if (applicationIds.length === 0) return [];
  return commentsWhere(db, inArray(applicationComments.applicationId, applicationIds));
}

/** The comment with the kind of its application (comments of top-ups belong to /api/loanTopUp). */
export async function findComment(db: Db, kind: LoanKind, id: number): Promise<CommentRow | undefined> {
  const [row] = await commentsWhere(
    db,
    and(
      eq(applicationComments.id, id),
      sql`EXISTS (SELECT 1 FROM ${la} WHERE ${la.id} = ${applicationComments.applicationId} AND ${la.kind} = ${kind})`,
    ) as SQL,
  );
  return row;
}

export async function setCommentStatus(db: Db, id: number, status: 'open' | 'resolved'): Promise<void> {
  await db.update(applicationComments).set({ status, updatedAt: sql`now()` }).where(eq(applicationComments.id, id));
}

// ---------------------------------------------------------------------------------------
// Relations
// ---------------------------------------------------------------------------------------

export async function clientsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: clients.id, fullname: clients.fullname, nrc: clients.nrc, mobile: clients.mobile })
    .from(clients)
    .where(inArray(clients.id, ids));
}

/** The newest offer letter of each application. */
export async function latestOfferLetters(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return (await db
    .selectDistinctOn([offerLetters.applicationId], {
      id: offerLetters.id,
      applicationId: offerLetters.applicationId,
      status: offerLetters.status,
      createdAt: offerLetters.createdAt,
      expiresAt: offerLetters.expiresAt,
      borrowerDate: offerLetters.borrowerDate,
    })
    .from(offerLetters)
    .where(inArray(offerLetters.applicationId, applicationIds))
    .orderBy(offerLetters.applicationId, desc(offerLetters.createdAt), desc(offerLetters.id))) as {
    id: number;
    applicationId: number;
    status: 'pending' | 'signed' | 'expired';
    createdAt: Date;
    expiresAt: Date;
    borrowerDate: string | null;
  }[];
}

// ---------------------------------------------------------------------------------------
// Closed and unsigned
// ---------------------------------------------------------------------------------------

export interface ClosedUnsignedFilter {
  kind: LoanKind;
  branchId?: number;
  fromDate?: string;
  toDate?: string;
}

/** The moment a loan closed; rows closed before closed_at was recorded fall back to updated_at. */
const closedMoment = sql`coalesce(${la.closedAt}, ${la.updatedAt})`;

/** Closed loans with no signed offer letter. */
export function closedUnsignedWhere(f: ClosedUnsignedFilter): SQL {
  const conds: SQL[] = [
    eq(la.kind, f.kind),
    eq(la.status, 'closed'),
    sql`NOT EXISTS (SELECT 1 FROM ${offerLetters} WHERE ${offerLetters.applicationId} = ${la.id} AND ${offerLetters.status} = 'signed')`,
  ];
  if (f.branchId !== undefined) conds.push(eq(la.branchId, f.branchId));
  if (f.fromDate) conds.push(sql`${closedMoment} >= ${`${f.fromDate}T00:00:00Z`}::timestamptz`);
  if (f.toDate) conds.push(sql`${closedMoment} < (${f.toDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return and(...conds) as SQL;
}

export interface ClosedUnsignedDbRow {
  id: number;
  referenceCode: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string | null;
  branchName: string | null;
  amount: string;
  totalAmountDue: string;
  closedAt: Date;
  offerStatus: 'pending' | 'expired' | null;
}

/** One batch of the report, oldest closing first, after the (closed moment, id) given. */
export async function closedUnsignedBatch(
  db: Db,
  f: ClosedUnsignedFilter,
  after: { closedAt: string; id: number } | undefined,
  limit: number,
): Promise<(ClosedUnsignedDbRow & { closedAtText: string })[]> {
  const where = after
    ? (and(closedUnsignedWhere(f), sql`(${closedMoment}, ${la.id}) > (${after.closedAt}::timestamptz, ${after.id})`) as SQL)
    : closedUnsignedWhere(f);
  return (await db
    .select({
      id: la.id,
      referenceCode: la.referenceCode,
      fullname: la.fullname,
      nrc: la.nrc,
      mobile: la.mobile,
      employer: la.employer,
      branchName: branches.name,
      amount: la.amount,
      totalAmountDue: la.totalAmountDue,
      closedAt: sql<Date>`${closedMoment}`.mapWith(la.closedAt),
      closedAtText: sql<string>`${closedMoment}::text`,
      offerStatus: sql<'pending' | 'expired' | null>`(SELECT ${offerLetters.status} FROM ${offerLetters} WHERE ${offerLetters.applicationId} = ${la.id} ORDER BY ${offerLetters.createdAt} DESC, ${offerLetters.id} DESC LIMIT 1)`,
    })
    .from(la)
    .leftJoin(branches, eq(branches.id, la.branchId))
    .where(where)
    .orderBy(asc(closedMoment), asc(la.id))
    .limit(limit)) as (ClosedUnsignedDbRow & { closedAtText: string })[];
}

export async function closedUnsignedByBranch(db: Db, f: ClosedUnsignedFilter) {
  const rows = await db
    .select({
      branchId: sql<string>`coalesce(${la.branchId}, 0)::text`,
      branch: sql<string>`coalesce(min(${branches.name}), '')`,
      count: sql<string>`count(*)::text`,
      totalAmount: sql<string>`coalesce(sum(${la.amount}), 0)::numeric(18,2)::text`,
    })
    .from(la)
    .leftJoin(branches, eq(branches.id, la.branchId))
    .where(closedUnsignedWhere(f))
    .groupBy(la.branchId)
    .orderBy(sql`2`);
  return rows.map((r) => ({ branchId: Number(r.branchId), branch: r.branch, count: Number(r.count), totalAmount: r.totalAmount }));
}
