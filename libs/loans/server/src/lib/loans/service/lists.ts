import {
  DEFAULT_LOAN_SORT,
  LOAN_EXPORT_COLUMNS,
  LOAN_KIND_PERMISSIONS,
  decodeCursor,
  loanSortText,
  type LoanCursor,
  type LoanSort,
  type ListEnvelope,
  type LoanApplication,
  type LoanComment,
  type LoanHistoryEvent,
  type LoanKind,
  type LoanRelation,
  type LoanStatus,
} from '@loan/shared-contract';
import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { csvRow, forbidden, invalid, keysetEnvelope, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from '../repository';
import { emptyPage, findInScope, iso, resolveBranch, type Actor, type PageArgs } from './common';

/** Lists (all, byStatus, search, filter) and details (byId) of applications and top-ups. */

export function commentDto(c: repo.CommentRow): LoanComment {
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
  if (relations.includes('history')) {
    const all = await repo.historyOf(db, rows[0].kind, ids);
    for (const r of rows) r.history = all.filter((h) => Number(h.application_id) === r.id).map(historyDto);
  }
  return rows;
}

const HISTORY_LABEL: Record<string, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  closed: 'Closed',
  reopened: 'Reopened',
  generate: 'Offer letter generated and sent',
  resend: 'Offer letter link sent again',
  sign: 'Offer letter signed',
};

function historyDto(h: repo.HistoryRow): LoanHistoryEvent {
  const reason = typeof h.details?.['reason'] === 'string' ? (h.details['reason'] as string) : null;
  return {
    action: h.action,
    label: HISTORY_LABEL[h.action] ?? h.action,
    at: new Date(h.at).toISOString(),
    actor: h.actor ?? (h.action === 'sign' ? 'the borrower' : null),
    detail: h.entity === 'offer_letter' ? `Letter ${h.entity_id}` : reason,
  };
}

/**
 * The cursor of a page in `order`, or a 422 when it was written for another order (or its
 * key is not a value of the order's column): a cursor seeks on its own order's key only.
 */
export function cursorFor(value: string | undefined, order: LoanSort): LoanCursor | undefined {
  if (!value) return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) return undefined;
  const sort = loanSortText(order);
  const written = cursor.sort ?? loanSortText(DEFAULT_LOAN_SORT);
  const keyOk = order.column !== 'amount' || /^\d{1,15}(\.\d{1,2})?$/.test(cursor.key ?? '');
  if (written !== sort || !keyOk) throw invalid('cursor', 'The cursor belongs to another sort order: start again from page 1.');
  return cursor;
}

/** Where a row lies in the list's order (the next page's cursor). */
function positionIn(order: LoanSort, r: repo.ListedLoan): LoanCursor {
  const at = { createdAt: r.createdAtText, id: r.item.id };
  if (order.column === 'created_at' && order.direction === 'desc') return at;
  return { ...at, sort: loanSortText(order), key: order.column === 'amount' ? r.item.amount : r.createdAtText };
}

export async function pageOf(
  db: Db,
  filter: repo.ListFilter,
  args: PageArgs,
  relations: readonly LoanRelation[],
  customWhere?: SQL,
): Promise<ListEnvelope<LoanApplication>> {
  const where = customWhere ?? repo.whereOf(filter);
  const fromStats = !customWhere && repo.countableFromStats(filter);
  const order = args.sort ?? DEFAULT_LOAN_SORT;
  const cursor = cursorFor(args.cursor, order);
  const offset = (args.page - 1) * args.pageSize;
  const scope = { kind: filter.kind, status: filter.status, branchId: filter.branchId };
  let rows: repo.ListedLoan[];
  let total: number;
  if (fromStats && !cursor && offset > 0 && repo.isNewestFirst(order)) {
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
    if (anchor) {
      // Within the month, from the nearest anchor below the row (a seek), then a short skip.
      const inMonth = offset - skipped;
      const step = Math.floor(inMonth / repo.ANCHOR_STEP) * repo.ANCHOR_STEP;
      const seek = step > 0 ? await repo.monthAnchor(db, where, anchor.month, anchor.count, step) : undefined;
      rows = await repo.listPage(db, where, {
        perPage: args.pageSize,
        offset: seek ? inMonth - step : inMonth,
        cursor: seek,
        offsetAfterCursor: true,
        fromMonth: anchor.month,
        prepare: true,
      });
    } else {
      rows = [];
    }
  } else if (fromStats) {
    [rows, total] = await Promise.all([
      repo.listPage(db, where, { perPage: args.pageSize, cursor, offset, prepare: true, order }),
      repo.statsTotals(db, scope).then((t) => t.count),
    ]);
  } else {
    // A search or filter: the page first; the capped count only when the page does not show the end.
    rows = await repo.listPage(db, where, { perPage: args.pageSize, cursor, offset, order });
    total = repo.totalFromPage(rows.length, args.pageSize, offset, cursor) ?? (await repo.cappedCount(db, where));
  }
  // A count past the cap is not exact, so the answer leaves `total` out (the envelope's rule).
  const exact = fromStats || total <= repo.COUNT_CAP;
  const envelope = keysetEnvelope(rows, args, (r) => r.item, (r) => positionIn(order, r), exact ? total : undefined);
  envelope.items = await withRelations(db, envelope.items, relations);
  return envelope;
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
    search?: string;
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
      search: q.search,
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
  const [dto] = await withRelations(db, [row], relations);
  return dto;
}


/** Rows the export reads per query (keyset batches: memory stays flat however many rows). */
export const EXPORT_BATCH = 500;

export interface ExportArgs {
  status: LoanStatus;
  search?: string;
  sort?: LoanSort;
  nrc?: string;
  mobile?: string;
  amount?: string;
  fromDate?: string;
  toDate?: string;
  employer?: string;
  reference_code?: string;
  branch?: string;
}

async function* exportLines(db: Db, filter: repo.ListFilter | null, order: LoanSort): AsyncGenerator<string> {
  yield csvRow(LOAN_EXPORT_COLUMNS);
  if (!filter) return;
  const where = repo.whereOf(filter);
  let cursor: LoanCursor | undefined;
  for (;;) {
    const rows = await repo.listPage(db, where, { perPage: EXPORT_BATCH - 1, cursor, offset: 0, order });
    for (const r of rows) yield csvRow(LOAN_EXPORT_COLUMNS.map((c) => r.item[c]));
    if (rows.length < EXPORT_BATCH) return;
    cursor = positionIn(order, rows[rows.length - 1]);
  }
}

/**
 * GET /export: one status's list as filtered on screen (search, the /filter fields,
 * branch, sort), every row, as CSV streamed in keyset batches; cells are formula-safe
 * (csvRow). Needs the list's own permission (`can view <status> applications|topups`).
 */
export async function exportCsv(db: Db, kind: LoanKind, q: ExportArgs, actor: Pick<Actor, 'can' | 'scope'>): Promise<Readable> {
  if (!actor.can(LOAN_KIND_PERMISSIONS[kind].byStatus[q.status])) throw forbidden();
  const branchId = await resolveBranch(db, q.branch, actor.scope);
  const filter: repo.ListFilter | null =
    branchId === null
      ? null
      : {
          kind,
          status: q.status,
          branchId,
          search: q.search,
          nrc: q.nrc,
          mobile: q.mobile,
          amount: q.amount,
          fromDate: q.fromDate,
          toDate: q.toDate,
          employer: q.employer,
          referenceCode: q.reference_code,
        };
  return Readable.from(exportLines(db, filter, q.sort ?? DEFAULT_LOAN_SORT));
}
