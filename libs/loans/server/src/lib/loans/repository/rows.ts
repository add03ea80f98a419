import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_LOAN_SORT, type LoanApplication, type LoanCursor, type LoanKind, type LoanSort, type LoanStatus } from '@loan/shared-contract';
import { businessDayRange, keysetSeek, likePrefix, mobilePrefix, queryRows, type Db } from '@loan/shared-server';
import { branches, loanApplications as la } from '@loan/shared-server/schema';

/**
 * SQL of loan applications and top-ups (one table, `kind`). Lists are ordered newest
 * first on (created_at DESC, id DESC), the order of the (kind, [branch,] status,
 * created_at, id) indexes, or on (created_at, id) ascending or (amount, id) either way
 * (the (kind, [branch,] status, amount, id) indexes of migration 0750), all with the id as
 * the tie-break, so a keyset cursor seeks straight to its page and a page
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
  // Business days (NOTES.md "Business time"), as every other date range.
  conds.push(...businessDayRange(la.createdAt, f.fromDate, f.toDate));
  if (f.employer) conds.push(sql`lower(${la.employer}) LIKE ${likePrefix(f.employer.toLowerCase())}`);
  if (f.referenceCode) conds.push(sql`${la.referenceCode} LIKE ${likePrefix(f.referenceCode.toUpperCase())}`);
  return and(...conds) as SQL;
}

/** True when the filter's total can be read from loan_stats_monthly. */
export function countableFromStats(f: ListFilter): boolean {
  return !f.search && !f.nrc && !f.mobile && !f.amount && !f.fromDate && !f.toDate && !f.employer && !f.referenceCode;
}

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

/** A row as every answer carries it (the contract's loanApplicationSchema, without relations). */
function toLoanApplication(r: ListDbRow): LoanApplication {
  return {
    id: Number(r.id),
    kind: r.kind,
    reference_code: r.reference_code,
    status: r.status,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer,
    amount: r.amount,
    interest: r.interest,
    total_amount_due: r.total_amount_due,
    tenure_months: Number(r.tenure_months),
    purpose: r.purpose,
    branch_id: num(r.branch_id),
    branch: r.branch_name ?? '',
    client_id: num(r.client_id),
    parent_id: num(r.parent_id),
    fullname: r.fullname,
    approved_at: r.approved_at,
    rejected_at: r.rejected_at,
    closed_at: r.closed_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A listed row and its keyset position (created_at as the database's exact text). */
export interface ListedLoan {
  item: LoanApplication;
  createdAtText: string;
}

const NEWEST_FIRST = sql.raw('loan_applications.created_at DESC, loan_applications.id DESC');

/** The list's ORDER BY: its sort column, then the id, both in its direction. */
function orderBy(order: LoanSort): SQL {
  const dir = order.direction === 'desc' ? 'DESC' : 'ASC';
  return sql.raw(`loan_applications.${order.column} ${dir}, loan_applications.id ${dir}`);
}

/** The rows after a cursor in the list's order (the cursor's key as the column's exact text). */
function seekAfter(order: LoanSort, cursor: LoanCursor): SQL {
  return order.column === 'amount'
    ? keysetSeek(la.amount, la.id, sql`${cursor.key ?? ''}::numeric`, cursor.id, order.direction)
    : keysetSeek(la.createdAt, la.id, sql`${cursor.createdAt}::timestamptz`, cursor.id, order.direction);
}

/** Whether `order` is the default newest-first order (the month-anchored paging assumes it). */
export const isNewestFirst = (order: LoanSort): boolean =>
  order.column === DEFAULT_LOAN_SORT.column && order.direction === DEFAULT_LOAN_SORT.direction;

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a read as a named (server-side prepared) statement when `db` is the PostgreSQL
 * pool, so each connection plans the list query once instead of on every request
 * (planning costs more than running these index scans). Only for queries without LIKE
 * patterns, whose generic plan could not use the prefix indexes. PGlite, transactions
 * and everything else go through queryRows.
 */
export async function readRows<T>(db: Db, query: SQL, prepare: boolean): Promise<T[]> {
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
 * One page in `order` (newest first by default), perPage + 1 rows (the extra one says
 * whether more follow). With a cursor it seeks (keyset); else it skips `offset` index
 * entries without touching the table (from `fromMonth` when given, newest first only, so
 * the skip stays within about one month), then reads only the page's rows.
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
    /** The list's order; newest first when absent. */
    order?: LoanSort;
    /** Skip `offset` rows after the cursor too (a month anchor), instead of the cursor winning over the offset. */
    offsetAfterCursor?: boolean;
  },
): Promise<ListedLoan[]> {
  const order = opts.order ?? DEFAULT_LOAN_SORT;
  const ordered = isNewestFirst(order) ? NEWEST_FIRST : orderBy(order);
  if (opts.fromMonth && !isNewestFirst(order)) throw new Error('fromMonth paging is for the newest-first order only');
  if (opts.fromMonth) {
    where = and(
      where,
      sql`${la.createdAt} < ((${opts.fromMonth}::date + interval '1 month')::timestamp AT TIME ZONE 'UTC')`,
    ) as SQL;
  }
  if (opts.cursor) where = and(where, seekAfter(order, opts.cursor)) as SQL;
  // A literal (a validated page size + 1): with a parameter PostgreSQL assumes a large
  // LIMIT and never chooses the cached generic plan of the prepared statement.
  const limit = sql.raw(String(Math.trunc(opts.perPage) + 1));
  const skip = opts.cursor && !opts.offsetAfterCursor ? 0 : Math.trunc(opts.offset);
  // A short skip inside a month (a page by number: fewer than ANCHOR_STEP rows past its
  // anchor) numbers the rows instead of an OFFSET. With OFFSET $n PostgreSQL cannot cost the
  // prepared statement's generic plan (it assumes a tenth of the rows) and plans every
  // execution anew, about 0.3-0.6 ms of the 0.9 ms of database CPU such a page took on the
  // 1M book; here the skip is a plain filter and the bound a literal, so the cached generic
  // plan serves it. The rows stop being read once the page is full (the outer LIMIT).
  const window = opts.fromMonth !== undefined && skip > 0 && skip < ANCHOR_STEP;
  const rows = window
    ? await readRows<ListDbRow>(
        db,
        sql`SELECT ${LIST_COLUMNS}
              FROM (SELECT w.pid, w.pca FROM (
                      SELECT s.pid, s.pca, row_number() OVER (ORDER BY s.pca DESC, s.pid DESC) AS rn
                        FROM (SELECT loan_applications.id AS pid, loan_applications.created_at AS pca FROM loan_applications
                               WHERE ${where} ORDER BY ${NEWEST_FIRST} LIMIT ${sql.raw(String(ANCHOR_STEP + Math.trunc(opts.perPage) + 1))}) AS s) AS w
                     WHERE w.rn > ${skip}
                     ORDER BY w.pca DESC, w.pid DESC LIMIT ${limit}) AS page_ids
              JOIN loan_applications ON loan_applications.id = page_ids.pid
              LEFT JOIN branches ON branches.id = loan_applications.branch_id
             ORDER BY page_ids.pca DESC, page_ids.pid DESC`,
        !!opts.prepare,
      )
    : skip === 0
      ? await readRows<ListDbRow>(
          db,
          sql`SELECT ${LIST_COLUMNS} FROM loan_applications
                LEFT JOIN branches ON branches.id = loan_applications.branch_id
               WHERE ${where} ORDER BY ${ordered} LIMIT ${limit}`,
          !!opts.prepare,
        )
      : await readRows<ListDbRow>(
          db,
          sql`SELECT ${LIST_COLUMNS}
                FROM (SELECT loan_applications.id AS pid FROM loan_applications
                       WHERE ${where} ORDER BY ${ordered} LIMIT ${limit} OFFSET ${skip}) AS page_ids
                JOIN loan_applications ON loan_applications.id = page_ids.pid
                LEFT JOIN branches ON branches.id = loan_applications.branch_id
               ORDER BY ${ordered}`,
          !!opts.prepare,
        );
  return rows.map((r) => ({ item: toLoanApplication(r), createdAtText: r.created_at_text }));
}

/**
 * The total a page by number shows by itself: fewer than pageSize + 1 rows mean the list
 * ends on this page, so it holds offset + rows matches (no count query: a search by
 * reference, NRC or mobile finds a handful). Undefined when more follow, when a cursor
 * (whose offset is unknown) placed the page, or when an empty page lies past the end.
 */
export function totalFromPage(rowCount: number, pageSize: number, offset: number, cursor: unknown): number | undefined {
  if (cursor || rowCount > pageSize || (rowCount === 0 && offset > 0)) return undefined;
  return offset + rowCount;
}

/** Rows between month anchors: a page by number skips fewer than this many index entries. */
export const ANCHOR_STEP = 500;
/** How long an anchor is reused (and the month's count must be the same): page numbers shift as offsets do. */
const ANCHOR_TTL_MS = 10_000;
const anchors = new Map<string, { until: number; cursor: LoanCursor | undefined }>();

/**
 * The keyset position of the row just before `position` (a multiple of ANCHOR_STEP) of the
 * newest-first rows of `month` matching `where`, so a deep page by number seeks there and
 * skips at most ANCHOR_STEP - 1 entries instead of up to a month's. Found by one skip and
 * reused for ANCHOR_TTL_MS while the month's count (from loan_stats_monthly) is unchanged:
 * within that time a page by number may shift by the rows changed in that month, as any
 * page by offset does between two reads. Undefined when the month holds fewer rows.
 */
export async function monthAnchor(db: Db, where: SQL, month: string, monthCount: number, position: number): Promise<LoanCursor | undefined> {
  const { sql: text, params } = dialect.sqlToQuery(where);
  const key = JSON.stringify([text, params, month, monthCount, position]);
  const now = Date.now();
  const kept = anchors.get(key);
  if (kept && kept.until > now) return kept.cursor;
  const [row] = await readRows<{ created_at_text: string; id: string | number }>(
    db,
    sql`SELECT loan_applications.created_at::text AS created_at_text, loan_applications.id FROM loan_applications
         WHERE ${where} AND ${la.createdAt} < ((${month}::date + interval '1 month')::timestamp AT TIME ZONE 'UTC')
         ORDER BY ${NEWEST_FIRST} LIMIT 1 OFFSET ${sql.raw(String(Math.trunc(position) - 1))}`,
    true,
  );
  const cursor = row ? { createdAt: row.created_at_text, id: Number(row.id) } : undefined;
  if (anchors.size >= 1_000) anchors.clear();
  anchors.set(key, { until: now + ANCHOR_TTL_MS, cursor });
  return cursor;
}

/** Forgets every month anchor (tests, and writes that move rows between pages). */
export function forgetMonthAnchors(): void {
  anchors.clear();
}

/** Exact count up to COUNT_CAP (+1 to know it was reached). */
export async function cappedCount(db: Db, where: SQL): Promise<number> {
  const inner = db.select({ one: sql<number>`1`.as('one') }).from(la).where(where).limit(COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

/** One application or top-up of the kind, or undefined; `forUpdate` locks its row for the transaction. */
export async function findById(db: Db, kind: LoanKind, id: number, forUpdate = false): Promise<LoanApplication | undefined> {
  if (forUpdate) {
    // Lock the row first (FOR UPDATE cannot apply to the nullable side of the branch join).
    await db.execute(sql`SELECT 1 FROM loan_applications WHERE kind = ${kind} AND id = ${id} FOR UPDATE`);
  }
  const [row] = await queryRows<ListDbRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM loan_applications LEFT JOIN branches ON branches.id = loan_applications.branch_id
         WHERE loan_applications.kind = ${kind} AND loan_applications.id = ${id}`,
  );
  return row ? toLoanApplication(row) : undefined;
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

