import { Readable } from 'node:stream';
import {
  CLOSED_UNSIGNED_COLUMNS,
  LOAN_KIND_PERMISSIONS,
  LOAN_STATUSES,
  MONTHS,
  canTransition,
  decodeCursor,
  encodeCursor,
  formatDecimalTotal,
  type ClosedUnsignedBranchStat,
  type ClosedUnsignedRow,
  type DeleteResult,
  type ListEnvelope,
  type LoanApplication,
  type LoanComment,
  type LoanKind,
  type LoanMonthlyStats,
  type LoanRelation,
  type LoanRequestsStats,
  type LoanStatus,
  type LoanStatusStats,
  type MonthlyTotal,
  type PermissionName,
  type ReportFormat,
} from '@loan/shared-contract';
import type { SQL } from 'drizzle-orm';
import type { AuditActor, BranchScope, Db } from '@loan/shared-server';
import { HttpError, conflict, csvRow, forbidden, inScope, invalid, narrowToScope, notFound, recordAudit } from '@loan/shared-server';
import * as repo from './repository';

/**
 * The rules of loan applications and top-ups. Every function takes the kind, so
 * `/api/applyForLoan` and `/api/loanTopUp` share one implementation; routes.ts only
 * maps HTTP onto these.
 */

/** What the service needs of the caller: identity, permission checks, and the audit trail. */
export interface Actor {
  userId: number | null;
  /** The branches the caller may see and change (NOTES.md, `can view all branches`). */
  scope: BranchScope;
  can(permission: PermissionName): boolean;
  /** Who acts, for the audit records written in the change's transaction. */
  who: AuditActor;
}

export interface PageArgs {
  page: number;
  pageSize: number;
  cursor?: string;
}

const NOUN: Record<LoanKind, string> = { application: 'Application', topup: 'Top-up' };
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toDto(r: repo.LoanRow): LoanApplication {
  return {
    id: r.id,
    kind: r.kind,
    reference_code: r.referenceCode,
    status: r.status,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer,
    amount: r.amount,
    interest: r.interest,
    total_amount_due: r.totalAmountDue,
    tenure_months: r.tenureMonths,
    purpose: r.purpose,
    branch_id: r.branchId,
    branch: r.branchName ?? '',
    client_id: r.clientId,
    parent_id: r.parentId,
    fullname: r.fullname,
    approved_at: r.approvedAt,
    rejected_at: r.rejectedAt,
    closed_at: r.closedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

function commentDto(c: repo.CommentRow): LoanComment {
  return { id: c.id, comment: c.body, status: c.status, author: c.author, created_at: iso(c.createdAt) as string };
}

/** Adds the asked-for relations to the rows, with one query per relation (never per row). */
async function withRelations(db: Db, rows: LoanApplication[], relations: readonly LoanRelation[]): Promise<LoanApplication[]> {
  if (rows.length === 0 || relations.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  if (relations.includes('client')) {
    const clientIds = [...new Set(rows.map((r) => r.client_id).filter((x): x is number => x !== null))];
    const byId = new Map((await repo.clientsByIds(db, clientIds)).map((c) => [c.id, c]));
    for (const r of rows) r.client = r.client_id !== null ? (byId.get(r.client_id) ?? null) : null;
  }
  if (relations.includes('comments')) {
    const all = await repo.commentsOf(db, ids);
    for (const r of rows) r.comments = all.filter((c) => c.applicationId === r.id).map(commentDto);
  }
  if (relations.includes('offerLetter')) {
    const byApp = new Map((await repo.latestOfferLetters(db, ids)).map((o) => [o.applicationId, o]));
    for (const r of rows) {
      const o = byApp.get(r.id);
      r.offerLetter = o
        ? { id: o.id, status: o.status, created_at: iso(o.createdAt) as string, expires_at: iso(o.expiresAt), borrower_date: o.borrowerDate }
        : null;
    }
  }
  return rows;
}

/**
 * The branch filter (an id, name or code; already '' / 'null'-stripped by the schema)
 * narrowed to the caller's scope: undefined = every branch; null = a branch that does
 * not exist or lies outside the scope (matches nothing).
 */
async function resolveBranch(db: Db, ref: string | undefined, scope: BranchScope): Promise<number | undefined | null> {
  const requested = ref === undefined ? undefined : ((await repo.findBranchId(db, ref)) ?? null);
  return narrowToScope(scope, requested);
}

/** The row when it exists and lies inside the scope (outside it is as unknown: 404). */
async function findInScope(db: Db, kind: LoanKind, id: number, scope: BranchScope, forUpdate = false): Promise<repo.LoanRow> {
  const row = await repo.findById(db, kind, id, forUpdate);
  if (!row || !inScope(scope, row.branchId)) throw notFound(NOUN[kind]);
  return row;
}

function emptyPage<T>(args: PageArgs): ListEnvelope<T> {
  return { items: [], total: 0, page: args.page, pageSize: args.pageSize, nextCursor: null };
}

async function pageOf(
  db: Db,
  filter: repo.ListFilter,
  args: PageArgs,
  relations: readonly LoanRelation[],
  customWhere?: SQL,
): Promise<ListEnvelope<LoanApplication>> {
  const where = customWhere ?? repo.whereOf(filter);
  const fromStats = !customWhere && repo.countableFromStats(filter);
  const cursor = args.cursor ? (decodeCursor(args.cursor) ?? undefined) : undefined;
  const offset = (args.page - 1) * args.pageSize;
  const scope = { kind: filter.kind, status: filter.status, branchId: filter.branchId };
  let rows: repo.LoanRow[];
  let total: number;
  if (fromStats && !cursor && offset > 0) {
    // Indexed paging by number: the per-month counts say in which month row `offset`
    // lies, so the index skip starts there instead of at the newest row.
    const months = await repo.monthCounts(db, scope);
    total = months.reduce((n, m) => n + m.count, 0);
    let skipped = 0;
    const anchor = months.find((m) => {
      if (skipped + m.count > offset) return true;
      skipped += m.count;
      return false;
    });
    rows = anchor
      ? await repo.listPage(db, where, { perPage: args.pageSize, offset: offset - skipped, fromMonth: anchor.month, prepare: true })
      : [];
  } else {
    [rows, total] = await Promise.all([
      repo.listPage(db, where, { perPage: args.pageSize, cursor, offset, prepare: fromStats }),
      fromStats ? repo.statsTotals(db, scope).then((t) => t.count) : repo.cappedCount(db, where),
    ]);
  }
  const more = rows.length > args.pageSize;
  const page = rows.slice(0, args.pageSize);
  const last = page[page.length - 1];
  // A count past the cap is not exact, so the answer leaves `total` out (the envelope's rule).
  const exact = fromStats || total <= repo.COUNT_CAP;
  return {
    items: await withRelations(db, page.map(toDto), relations),
    ...(exact ? { total } : {}),
    page: args.page,
    pageSize: args.pageSize,
    nextCursor: more && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

export interface ListArgs extends PageArgs {
  relations: LoanRelation[];
  branch?: string;
}

export async function listAll(db: Db, kind: LoanKind, q: ListArgs, scope: BranchScope): Promise<ListEnvelope<LoanApplication>> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  return pageOf(db, { kind, branchId }, q, q.relations);
}

export async function listByStatus(
  db: Db,
  kind: LoanKind,
  q: ListArgs & { status: LoanStatus; search?: string },
  actor: Pick<Actor, 'can' | 'scope'>,
): Promise<ListEnvelope<LoanApplication>> {
  // The route lets in any by-status permission; the list of one status needs its own.
  if (!actor.can(LOAN_KIND_PERMISSIONS[kind].byStatus[q.status])) throw forbidden();
  const scope = actor.scope;
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  return pageOf(db, { kind, status: q.status, branchId, search: q.search }, q, q.relations);
}

export async function search(
  db: Db,
  kind: LoanKind,
  q: ListArgs & { search: string; status?: LoanStatus },
  scope: BranchScope,
): Promise<ListEnvelope<LoanApplication>> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  return pageOf(db, { kind, status: q.status, branchId, search: q.search }, q, q.relations);
}

export async function filter(
  db: Db,
  kind: LoanKind,
  q: ListArgs & {
    nrc?: string;
    mobile?: string;
    amount?: string;
    fromDate?: string;
    toDate?: string;
    employer?: string;
    status?: LoanStatus;
    reference_code?: string;
  },
  scope: BranchScope,
): Promise<ListEnvelope<LoanApplication>> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  return pageOf(
    db,
    {
      kind,
      branchId,
      status: q.status,
      nrc: q.nrc,
      mobile: q.mobile,
      amount: q.amount,
      fromDate: q.fromDate,
      toDate: q.toDate,
      employer: q.employer,
      referenceCode: q.reference_code,
    },
    q,
    q.relations,
  );
}

export async function byId(
  db: Db,
  kind: LoanKind,
  id: number,
  relations: readonly LoanRelation[],
  scope: BranchScope,
): Promise<LoanApplication> {
  const row = await findInScope(db, kind, id, scope);
  const [dto] = await withRelations(db, [toDto(row)], relations);
  return dto;
}

export interface UpdateArgs {
  id: number;
  status?: LoanStatus;
  amount?: string;
  total_amount_due?: string;
  employer?: string;
  mobile?: string;
  nrc?: string;
  branch_id?: number;
  reason?: string;
}

const FIELD_COLUMNS = {
  amount: 'amount',
  total_amount_due: 'totalAmountDue',
  employer: 'employer',
  mobile: 'mobile',
  nrc: 'nrc',
  branch_id: 'branchId',
} as const satisfies Record<string, keyof repo.LoanPatch>;
type EditableField = keyof typeof FIELD_COLUMNS;

const STATUS_ACTION: Record<LoanStatus, string> = { request: 'reopened', approved: 'approved', rejected: 'rejected', closed: 'closed' };
const STATUS_STAMP = { approved: 'approvedAt', rejected: 'rejectedAt', closed: 'closedAt' } as const;

/**
 * PUT /update. A status change needs the approve/reject/close permission and must follow
 * the transitions (409 otherwise); field edits need the edit permission, are refused on
 * final statuses (rejected, closed), and amounts change only while the loan is a request.
 * All in one transaction with its audit record.
 */
export async function update(db: Db, kind: LoanKind, args: UpdateArgs, actor: Actor): Promise<LoanApplication> {
  const perms = LOAN_KIND_PERMISSIONS[kind];
  const noun = NOUN[kind];
  const fields = (Object.keys(FIELD_COLUMNS) as EditableField[]).filter((k) => args[k] !== undefined);
  if (fields.length && !actor.can(perms.edit)) throw forbidden();
  if (args.status) {
    const needed = args.status === 'request' ? perms.edit : perms.transition[args.status];
    if (!actor.can(needed)) throw forbidden();
  }
  return db.transaction(async (tx) => {
    const row = await findInScope(tx, kind, args.id, actor.scope, true);
    const patch: repo.LoanPatch = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (args.status && args.status !== row.status) {
      if (!canTransition(row.status, args.status)) {
        throw conflict(`${noun} ${row.referenceCode} is ${row.status}; it cannot become ${args.status}.`);
      }
      patch.status = args.status;
      if (args.status !== 'request') patch[STATUS_STAMP[args.status]] = new Date();
      changes['status'] = { from: row.status, to: args.status };
    } else if (args.status) {
      throw conflict(`${noun} ${row.referenceCode} is already ${row.status}.`);
    }
    if (fields.length) {
      if (row.status === 'rejected' || row.status === 'closed') {
        throw conflict(`${noun} ${row.referenceCode} is ${row.status} and can no longer be edited.`);
      }
      if ((args.amount !== undefined || args.total_amount_due !== undefined) && row.status !== 'request') {
        throw conflict(`The amounts of ${noun.toLowerCase()} ${row.referenceCode} can change only while it is a request.`);
      }
      if (args.branch_id !== undefined && (!inScope(actor.scope, args.branch_id) || !(await repo.branchExists(tx, args.branch_id)))) {
        throw invalid('branch_id', 'Unknown branch.');
      }
      const current: Record<EditableField, unknown> = {
        amount: row.amount,
        total_amount_due: row.totalAmountDue,
        employer: row.employer,
        mobile: row.mobile,
        nrc: row.nrc,
        branch_id: row.branchId,
      };
      for (const f of fields) {
        (patch as Record<string, unknown>)[FIELD_COLUMNS[f]] = args[f];
        changes[f] = { from: current[f], to: args[f] };
      }
    }
    await repo.updateLoan(tx, row.id, patch, actor.userId);
    if (args.reason) await repo.insertComment(tx, row.id, actor.userId, args.reason);
    const action = patch.status ? STATUS_ACTION[patch.status] : 'updated';
    await recordAudit(tx, actor.who, {
      action,
      entity: kind,
      entityId: row.id,
      before: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.from])),
      after: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])),
      details: { reference_code: row.referenceCode, reason: args.reason ?? null },
    });
    const updated = await repo.findById(tx, kind, row.id);
    return toDto(updated as repo.LoanRow);
  });
}

export async function addComment(db: Db, kind: LoanKind, args: { id: number; comment: string }, actor: Actor): Promise<LoanComment> {
  return db.transaction(async (tx) => {
    const row = await findInScope(tx, kind, args.id, actor.scope);
    const c = await repo.insertComment(tx, row.id, actor.userId, args.comment);
    await recordAudit(tx, actor.who, {
      action: 'commented',
      entity: kind,
      entityId: row.id,
      details: { reference_code: row.referenceCode, comment_id: c.id },
    });
    return commentDto(c);
  });
}

export async function setCommentStatus(
  db: Db,
  kind: LoanKind,
  args: { id: number; status: 'open' | 'resolved' },
  actor: Actor,
): Promise<LoanComment> {
  return db.transaction(async (tx) => {
    const c = await repo.findComment(tx, kind, args.id);
    if (!c) throw notFound('Comment');
    // A comment on an application outside the scope is as unknown as the application.
    await findInScope(tx, kind, c.applicationId, actor.scope).catch(() => {
      throw notFound('Comment');
    });
    if (c.status !== args.status) {
      await repo.setCommentStatus(tx, c.id, args.status);
      await recordAudit(tx, actor.who, {
        action: `comment ${args.status}`,
        entity: kind,
        entityId: c.applicationId,
        before: { status: c.status },
        after: { status: args.status },
        details: { comment_id: c.id },
      });
    }
    return commentDto({ ...c, status: args.status });
  });
}

/** Why an application cannot be deleted (issue 11 item 10: signing and payment evidence stays). */
export const KEPT_SIGNED = 'has a signed offer letter';
export const KEPT_DISBURSED = 'has a disbursement';

/**
 * DELETE /delete: all the ids or none. Unknown ids (or outside the scope) answer 404;
 * an application with a signed offer letter or a disbursement answers 409 naming it.
 * Deleting is soft: the rows are kept whole in deleted_records (with their letters and
 * comments) and leave every list, details page and figure; each is audited.
 */
export async function remove(db: Db, kind: LoanKind, ids: number[], actor: Actor): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const found = (await repo.existingIds(tx, kind, ids)).filter((f) => inScope(actor.scope, f.branchId));
    const known = new Set(found.map((f) => f.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      throw new HttpError(404, `${NOUN[kind]} not found: ${missing.join(', ')}.`, { ids: missing.map((id) => `Unknown id ${id}.`) });
    }
    const [signed, disbursed] = await Promise.all([repo.signedLetterOwners(tx, ids), repo.disbursedIds(tx, ids)]);
    const refused = found
      .map((f) => ({ f, why: signed.has(f.id) ? KEPT_SIGNED : disbursed.has(f.id) ? KEPT_DISBURSED : null }))
      .filter((x): x is { f: repo.ExistingLoan; why: string } => x.why !== null);
    if (refused.length) {
      const reasons = refused.map(({ f, why }) => `${f.referenceCode} ${why}.`);
      throw new HttpError(409, `Nothing was deleted: ${reasons.join(' ')} ${NOUN[kind]}s with a signed offer letter or a disbursement are kept.`, { ids: reasons });
    }
    await repo.archive(tx, ids, actor.userId);
    const deleted = await repo.deleteByIds(tx, kind, ids);
    for (const f of found) {
      await recordAudit(tx, actor.who, {
        action: 'deleted',
        entity: kind,
        entityId: f.id,
        before: { status: f.status },
        details: { reference_code: f.referenceCode, kept_in: 'deleted_records' },
      });
    }
    return { deleted, ids };
  });
}

// ---------------------------------------------------------------------------------------
// Statistics (from loan_stats_monthly)
// ---------------------------------------------------------------------------------------

const thisYear = () => String(new Date().getUTCFullYear());

export async function requestsStats(db: Db, kind: LoanKind, q: { branch?: string }, scope: BranchScope): Promise<LoanRequestsStats> {
  const zero = { count: 0, total_amount: '0.00', total_amount_due: '0.00' };
  const byStatus = Object.fromEntries(LOAN_STATUSES.map((s) => [s, { ...zero }])) as LoanRequestsStats['byStatus'];
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { total: zero, byStatus };
  const rows = await repo.statsByStatus(db, { kind, branchId });
  for (const r of rows) byStatus[r.status] = { count: r.count, total_amount: r.totalAmount, total_amount_due: r.totalAmountDue };
  const all = await repo.statsTotals(db, { kind, branchId });
  return { total: { count: all.count, total_amount: all.totalAmount, total_amount_due: all.totalAmountDue }, byStatus };
}

export async function statsByStatus(
  db: Db,
  kind: LoanKind,
  q: { status: LoanStatus; branch?: string },
  scope: BranchScope,
): Promise<LoanStatusStats> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { status: q.status, count: 0, total_amount: '0.00', total_amount_due: '0.00' };
  const t = await repo.statsTotals(db, { kind, status: q.status, branchId });
  return { status: q.status, count: t.count, total_amount: t.totalAmount, total_amount_due: t.totalAmountDue };
}

function monthRange(year: string, month?: string): { fromMonth: string; toMonth: string } {
  if (!month) return { fromMonth: `${year}-01-01`, toMonth: `${Number(year) + 1}-01-01` };
  const m = Number(month);
  const next = m === 12 ? `${Number(year) + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { fromMonth: `${year}-${month}-01`, toMonth: next };
}

/** GET /total-value: the sum of total_amount_due created in the month (or year) of the current year. */
export async function totalValue(
  db: Db,
  kind: LoanKind,
  q: { month?: string; year?: string; status?: LoanStatus; branch?: string },
  scope: BranchScope,
): Promise<MonthlyTotal> {
  const month = q.month ?? 'all';
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { total_value: '0.00', count: 0, month, formatted_total: '0.00' };
  const t = await repo.statsTotals(db, { kind, status: q.status, branchId, ...monthRange(q.year ?? thisYear(), q.month) });
  return { total_value: t.totalAmountDue, count: t.count, month, formatted_total: formatDecimalTotal(t.totalAmountDue) };
}

const STATUS_KEY: Record<LoanStatus, 'req' | 'app' | 'rej' | 'clo'> = { request: 'req', approved: 'app', rejected: 'rej', closed: 'clo' };

export async function monthlyStats(db: Db, kind: LoanKind, q: { year?: string; branch?: string }, scope: BranchScope): Promise<LoanMonthlyStats> {
  const year = q.year ?? thisYear();
  const months = Object.fromEntries(MONTHS.map((m) => [m.abbr, { req: 0, app: 0, rej: 0, clo: 0 }])) as LoanMonthlyStats['months'];
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { year, months };
  for (const r of await repo.statsByMonthAndStatus(db, { kind, branchId, ...monthRange(year) })) {
    const abbr = MONTHS[Number(r.month.slice(5, 7)) - 1].abbr;
    months[abbr][STATUS_KEY[r.status]] += r.count;
  }
  return { year, months };
}

// ---------------------------------------------------------------------------------------
// Closed and unsigned
// ---------------------------------------------------------------------------------------

export async function unsignedClosed(
  db: Db,
  kind: LoanKind,
  q: PageArgs & { branch?: string },
  scope: BranchScope,
): Promise<ListEnvelope<LoanApplication>> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  return pageOf(db, { kind, status: 'closed', branchId }, q, ['offerLetter'], repo.closedUnsignedWhere({ kind, branchId }));
}

function reportRow(r: repo.ClosedUnsignedDbRow): ClosedUnsignedRow {
  return {
    id: r.id,
    reference_code: r.referenceCode,
    fullname: r.fullname,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer,
    branch: r.branchName ?? '',
    amount: r.amount,
    total_amount_due: r.totalAmountDue,
    closed_at: iso(r.closedAt) as string,
    offer_status: r.offerStatus ?? 'none',
  };
}

const REPORT_BATCH = 500;

async function* reportRows(db: Db, f: repo.ClosedUnsignedFilter): AsyncGenerator<ClosedUnsignedRow> {
  let after: { closedAt: string; id: number } | undefined;
  for (;;) {
    const batch = await repo.closedUnsignedBatch(db, f, after, REPORT_BATCH);
    for (const r of batch) yield reportRow(r);
    if (batch.length < REPORT_BATCH) return;
    const last = batch[batch.length - 1];
    after = { closedAt: last.closedAtText, id: last.id };
  }
}

async function* csvChunks(rows: AsyncGenerator<ClosedUnsignedRow>): AsyncGenerator<string> {
  yield csvRow(CLOSED_UNSIGNED_COLUMNS);
  for await (const r of rows) yield csvRow(CLOSED_UNSIGNED_COLUMNS.map((c) => r[c]));
}

async function* jsonChunks(rows: AsyncGenerator<ClosedUnsignedRow>): AsyncGenerator<string> {
  yield '{"data":[';
  let n = 0;
  for await (const r of rows) yield (n++ ? ',' : '') + JSON.stringify(r);
  yield `],"count":${n}}`;
}

/**
 * GET /reports/closed-unsigned: closed loans without a signed offer letter, closed between
 * fromDate and toDate (UTC days), streamed in batches so memory stays flat however many.
 */
export async function closedUnsignedReport(
  db: Db,
  kind: LoanKind,
  q: { fromDate?: string; toDate?: string; branch?: string; format: ReportFormat },
  scope: BranchScope,
): Promise<Readable> {
  const branchId = await resolveBranch(db, q.branch, scope);
  // An unknown branch matches nothing: the report is just its header (csv) or no rows (json).
  const rows = reportRows(db, { kind, branchId: branchId === null ? -1 : branchId, fromDate: q.fromDate, toDate: q.toDate });
  return Readable.from(q.format === 'csv' ? csvChunks(rows) : jsonChunks(rows));
}

export async function closedUnsignedStatsByBranch(
  db: Db,
  kind: LoanKind,
  q: { fromDate?: string; toDate?: string; branch?: string },
  scope: BranchScope,
): Promise<ClosedUnsignedBranchStat[]> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return [];
  const rows = await repo.closedUnsignedByBranch(db, { kind, branchId, fromDate: q.fromDate, toDate: q.toDate });
  return rows.map((r) => ({ branch_id: r.branchId, branch: r.branch, count: r.count, total_amount: r.totalAmount }));
}
