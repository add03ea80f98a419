import { Readable } from 'node:stream';
import {
  CLOSED_UNSIGNED_COLUMNS,
  type ClosedUnsignedBranchStat,
  type ClosedUnsignedRow,
  type ListEnvelope,
  type LoanApplication,
  type LoanKind,
  type ReportFormat,
} from '@loan/shared-contract';
import { chunkedLines, tableFileStream, type BranchScope, type Db, type TableColumn } from '@loan/shared-server';
import * as repo from '../repository';
import { emptyPage, iso, resolveBranch, type PageArgs } from './common';
import { pageOf } from './lists';

/** Closed loans whose offer letter was never signed: a paged list, a streamed report, counts by branch. */

export async function unsignedClosed(
  db: Db,
  kind: LoanKind,
  q: PageArgs & { branch?: string; fromDate?: string; toDate?: string },
  scope: BranchScope,
): Promise<ListEnvelope<LoanApplication>> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return emptyPage(q);
  const where = repo.closedUnsignedWhere({ kind, branchId, fromDate: q.fromDate, toDate: q.toDate });
  return pageOf(db, { kind, status: 'closed', branchId }, q, ['offerLetter'], where);
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

/** Rows per keyset batch: a 1M-row download is 200 queries, each reading one stretch of the index. */
const REPORT_BATCH = 5000;

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

const MONEY_COLUMNS: ReadonlySet<keyof ClosedUnsignedRow> = new Set(['amount', 'total_amount_due']);
const FILE_COLUMNS: TableColumn<ClosedUnsignedRow>[] = CLOSED_UNSIGNED_COLUMNS.map((key) => ({
  key,
  type: MONEY_COLUMNS.has(key) ? 'money' : 'text',
}));

async function* jsonChunks(rows: AsyncGenerator<ClosedUnsignedRow>): AsyncGenerator<string> {
  yield '{"data":[';
  let n = 0;
  for await (const r of rows) yield (n++ ? ',' : '') + JSON.stringify(r);
  yield `],"count":${n}}`;
}

/**
 * GET /reports/closed-unsigned: closed loans without a signed offer letter, closed between
 * fromDate and toDate (Lusaka days, both inclusive), streamed in batches so memory stays flat however many:
 * JSON, CSV or an .xlsx workbook (table-file.ts of shared-server).
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
  if (q.format === 'json') return Readable.from(chunkedLines(jsonChunks(rows)));
  return tableFileStream(q.format, FILE_COLUMNS, rows, 'Closed unsigned loans');
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
