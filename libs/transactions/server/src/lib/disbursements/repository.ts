import { decodeCursor, type DisbursementExportQuery, type DisbursementListQuery, type DisbursementTotals, type ListEnvelope, type PayableListQuery } from '@loan/shared-contract';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { keysetAfter, keysetEnvelope, likeContains, likePrefix, listFilter, mobilePrefix, queryRows, schema, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';

const t = schema.disbursements;
const la = schema.loanApplications;
export type DisbursementRecord = typeof t.$inferSelect;
/** A disbursement with the loan's reference code and the client's name. */
export type DisbursementJoined = DisbursementRecord & { referenceCode: string | null; clientName: string | null };
/** A list row: the record with its created_at as the database's exact text (the keyset cursor's position). */
export type DisbursementRow = DisbursementJoined & { position: string };

/** A business date's start in Lusaka (UTC+2, no daylight saving: NOTES.md "Business time"). */
const dayStart = (date: string) => sql`(${date} || ' 00:00:00+02')::timestamptz`;

/**
 * Search by prefix, as the loans lists do (each side has a prefix index, so the planner ORs
 * index scans instead of reading every row): the loan's reference code and the borrower's
 * name (through the applications' indexes), the recipient (a mobile number, typed with or
 * without +260 or the leading 0) and the provider's reference.
 */
function searchCondition(term: string): SQL {
  const upper = likePrefix(term.toUpperCase());
  const lower = likePrefix(term.toLowerCase());
  const parts: SQL[] = [
    // = ANY(ARRAY(...)), not IN (...): the planner can then OR it with the other index scans.
    sql`${t.applicationId} = ANY (ARRAY(SELECT a.id FROM loan_applications a WHERE a.reference_code LIKE ${upper} OR lower(a.fullname) LIKE ${lower}))`,
    sql`${t.providerRef} LIKE ${upper}`,
  ];
  const mobile = mobilePrefix(term);
  if (mobile) parts.push(sql`${t.recipient} LIKE ${likePrefix(mobile)}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The filters of the list and the export, inside the branch scope. */
function filterCondition(scope: BranchScope, q: DisbursementExportQuery): SQL | undefined {
  return listFilter({
    scope,
    branchColumn: t.branchId,
    search: q.search,
    searchBy: searchCondition,
    equals: [[t.status, q.status], [t.mode, q.mode], [t.branchId, q.branch_id], [t.reconciled, q.reconciled === undefined ? undefined : q.reconciled === 'true']],
    filters: [
      q.fromDate ? sql`${t.createdAt} >= ${dayStart(q.fromDate)}` : undefined,
      q.toDate ? sql`${t.createdAt} < ${dayStart(q.toDate)} + interval '1 day'` : undefined,
    ],
  });
}

const joinedColumns = { ...getTableColumns(t), referenceCode: la.referenceCode, clientName: la.fullname };

/**
 * One page, newest first, inside the branch scope, with the count and exact sum of the whole
 * filtered set (numeric in the database, a decimal string out: never a float).
 */
export async function listPage(
  db: Db,
  scope: BranchScope,
  q: DisbursementListQuery,
): Promise<ListEnvelope<DisbursementRow> & { totals: DisbursementTotals }> {
  const where = filterCondition(scope, q);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await db
    .select({ ...joinedColumns, position: sql<string>`${t.createdAt}::text` })
    .from(t)
    .leftJoin(la, eq(la.id, t.applicationId))
    .where(cursor ? and(where, keysetAfter(t.createdAt, t.id, cursor)) : where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize);
  const tot = q.search ? await liveTotals(db, where) : await keptTotals(db, scope, q);
  const env = keysetEnvelope(rows, q, (r) => r, (r) => ({ createdAt: r.position, id: r.id }), Number(tot.count));
  return { ...env, totals: { count: Number(tot.count), amount: tot.amount } };
}

/** The filtered set's count and exact sum, from its rows (a search: few rows match). */
async function liveTotals(db: Db, where: SQL | undefined): Promise<{ count: number; amount: string }> {
  const [tot] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${t.amount}), 0)::numeric(16,2)::text` })
    .from(t)
    .where(where);
  return tot;
}

/**
 * The same figures from disbursement_day_totals (migration 1300, kept by triggers in the
 * writes' transactions): every filter but search is a column there, dates are Lusaka days.
 */
async function keptTotals(db: Db, scope: BranchScope, q: DisbursementExportQuery): Promise<{ count: number; amount: string }> {
  const conds: SQL[] = [];
  const inScope = scopeCondition(scope, sql`branch_id`);
  if (inScope) conds.push(inScope);
  if (q.status) conds.push(sql`status = ${q.status}`);
  if (q.mode) conds.push(sql`mode = ${q.mode}`);
  if (q.branch_id) conds.push(sql`branch_id = ${q.branch_id}`);
  if (q.reconciled) conds.push(sql`reconciled = ${q.reconciled === 'true'}`);
  if (q.fromDate) conds.push(sql`day >= ${q.fromDate}::date`);
  if (q.toDate) conds.push(sql`day <= ${q.toDate}::date`);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  const [tot] = await queryRows<{ count: number; amount: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::int AS count, coalesce(sum(amount), 0)::numeric(16,2)::text AS amount FROM disbursement_day_totals ${where}`,
  );
  return { count: Number(tot?.count ?? 0), amount: tot?.amount ?? '0.00' };
}

/** Every row of the filtered set, newest first, in chunks (the CSV export). */
export async function* exportRows(db: Db, scope: BranchScope, q: DisbursementExportQuery, chunk = 1000): AsyncGenerator<DisbursementJoined> {
  const where = filterCondition(scope, q);
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const rows: (DisbursementJoined & { position: string })[] = await db
      .select({ ...joinedColumns, position: sql<string>`${t.createdAt}::text` })
      .from(t)
      .leftJoin(la, eq(la.id, t.applicationId))
      .where(after ? and(where, keysetAfter(t.createdAt, t.id, after)) : where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(chunk);
    for (const r of rows) yield r;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.position, id: last.id };
  }
}

export async function findById(db: Db, id: number): Promise<DisbursementJoined | undefined> {
  const [row] = await db.select(joinedColumns).from(t).leftJoin(la, eq(la.id, t.applicationId)).where(eq(t.id, id)).limit(1);
  return row;
}

export async function findByReference(db: Db, referenceId: string): Promise<DisbursementRecord | undefined> {
  const [row] = await db.select().from(t).where(eq(t.referenceId, referenceId)).limit(1);
  return row;
}

export async function eventsOf(db: Db, id: number) {
  return db.select().from(schema.disbursementEvents).where(eq(schema.disbursementEvents.disbursementId, id)).orderBy(asc(schema.disbursementEvents.id));
}

export async function attemptsOf(db: Db, applicationId: number) {
  return db
    .select({ id: t.id, status: t.status, amount: t.amount, createdAt: t.createdAt })
    .from(t)
    .where(eq(t.applicationId, applicationId))
    .orderBy(asc(t.createdAt), asc(t.id));
}

export async function loanOf(db: Db, applicationId: number) {
  const [row] = await db.select().from(la).where(eq(la.id, applicationId)).limit(1);
  return row;
}

export async function auditOf(db: Db, id: number) {
  return queryRows<{ id: string; action: string; user_name: string | null; ip_address: string | null; details: Record<string, unknown>; created_at: Date | string }>(
    db,
    sql`SELECT a.id, a.action, u.fullname AS user_name, a.ip_address, a.details, a.created_at
          FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
         WHERE a.entity = 'disbursement' AND a.entity_id = ${String(id)}
         ORDER BY a.id`,
  );
}

/** A loan that may be paid: approved, its offer letter signed, and no disbursement pending or paid. */
export interface PayableRow {
  application_id: string | number;
  kind: 'application' | 'topup';
  reference_code: string;
  client_id: string | number | null;
  client_name: string;
  recipient: string;
  amount: string;
  branch_id: string | number | null;
  signed_at: Date | string;
  last_failure: string | null;
  position: string;
}

const payableFrom = (scope: BranchScope, search: string | undefined, extra: SQL = sql`TRUE`) => sql`
  FROM loan_applications a
  JOIN LATERAL (SELECT o.signed_at FROM offer_letters o WHERE o.application_id = a.id AND o.status = 'signed' ORDER BY o.signed_at DESC LIMIT 1) s ON TRUE
  LEFT JOIN clients c ON c.id = a.client_id
 WHERE a.status = 'approved'
   AND NOT EXISTS (SELECT 1 FROM disbursements d WHERE d.application_id = a.id AND d.status IN ('pending', 'success'))
   AND ${scopeCondition(scope, sql`a.branch_id`) ?? sql`TRUE`}
   AND ${search ? sql`(a.reference_code ILIKE ${likeContains(search)} OR a.fullname ILIKE ${likeContains(search)} OR a.mobile ILIKE ${likeContains(search)})` : sql`TRUE`}
   AND ${extra}`;

const payableColumns = sql`a.id AS application_id, a.kind, a.reference_code, a.client_id, a.fullname AS client_name,
       coalesce(c.mobile, a.mobile) AS recipient, a.amount::text AS amount, a.branch_id, s.signed_at, s.signed_at::text AS position,
       (SELECT d.failure_reason FROM disbursements d WHERE d.application_id = a.id AND d.status = 'failed' ORDER BY d.id DESC LIMIT 1) AS last_failure`;

/** `disburse-client`: the payable loans, oldest signature first (who waited longest is paid first), with their count and sum. */
export async function payablePage(db: Db, scope: BranchScope, q: PayableListQuery): Promise<{ rows: PayableRow[]; count: number; amount: string }> {
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const after = cursor ? sql`(s.signed_at, a.id) > (${cursor.createdAt}::timestamptz, ${cursor.id})` : sql`TRUE`;
  const rows = await queryRows<PayableRow>(
    db,
    sql`SELECT ${payableColumns} ${payableFrom(scope, q.search, after)}
         ORDER BY s.signed_at, a.id LIMIT ${q.pageSize + 1} OFFSET ${cursor ? 0 : (q.page - 1) * q.pageSize}`,
  );
  const [tot] = await queryRows<{ count: number; amount: string }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(a.amount), 0)::numeric(16,2)::text AS amount ${payableFrom(scope, q.search)}`,
  );
  return { rows, count: Number(tot.count), amount: tot.amount };
}

/** What the paying transaction knows of one loan once its row is locked. */
export interface LockedLoan {
  loan: PayableRow | undefined;
  live: { id: number; status: string } | undefined;
  exists: boolean;
  status: string | null;
  signed: boolean;
  branchId: number | null;
}

/**
 * The payable loans of several applications, their rows locked for the transaction (FOR UPDATE,
 * in id order, so two bulk runs over the same loans queue rather than deadlock). Four statements
 * whatever the count. Answers one entry per id asked (`exists: false` for an unknown one).
 */
export async function lockPayables(db: Db, applicationIds: readonly number[]): Promise<Map<number, LockedLoan>> {
  const ids = [...new Set(applicationIds)];
  const out = new Map<number, LockedLoan>(ids.map((id) => [id, { loan: undefined, live: undefined, exists: false, status: null, signed: false, branchId: null }]));
  if (!ids.length) return out;
  const list = sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::bigint[]`;
  const apps = await queryRows<{ id: string; status: string; branch_id: string | null }>(
    db,
    sql`SELECT id, status, branch_id FROM loan_applications WHERE id = ANY(${list}) ORDER BY id FOR UPDATE`,
  );
  const live = await queryRows<{ id: string; application_id: string; status: string }>(
    db,
    sql`SELECT DISTINCT ON (application_id) id, application_id, status FROM disbursements WHERE application_id = ANY(${list}) AND status IN ('pending', 'success') ORDER BY application_id, id`,
  );
  const signed = await queryRows<{ application_id: string }>(db, sql`SELECT DISTINCT application_id FROM offer_letters WHERE application_id = ANY(${list}) AND status = 'signed'`);
  const loans = await queryRows<PayableRow>(db, sql`SELECT ${payableColumns} ${payableFrom({ all: true }, undefined, sql`a.id = ANY(${list})`)}`);
  for (const a of apps) {
    const e = out.get(Number(a.id)) as LockedLoan;
    e.exists = true;
    e.status = a.status;
    e.branchId = a.branch_id === null ? null : Number(a.branch_id);
  }
  for (const l of live) (out.get(Number(l.application_id)) as LockedLoan).live = { id: Number(l.id), status: l.status };
  for (const s of signed) (out.get(Number(s.application_id)) as LockedLoan).signed = true;
  for (const l of loans) (out.get(Number(l.application_id)) as LockedLoan).loan = l;
  return out;
}

/** The payable loan of one application, locked for the transaction (FOR UPDATE on the application row). */
export async function lockPayable(db: Db, applicationId: number): Promise<LockedLoan> {
  return (await lockPayables(db, [applicationId])).get(applicationId) as LockedLoan;
}

/** Several disbursements with their loan's reference and client, in no particular order. */
export async function findByIds(db: Db, ids: readonly number[]): Promise<DisbursementJoined[]> {
  if (!ids.length) return [];
  return db.select(joinedColumns).from(t).leftJoin(la, eq(la.id, t.applicationId)).where(inArray(t.id, [...ids]));
}
