import type {
  Disbursement,
  DisbursementDetails,
  DisbursementExportQuery,
  DisbursementList,
  DisbursementListQuery,
  PayableList,
  PayableListQuery,
} from '@loan/shared-contract';
import { encodeCursor } from '@loan/shared-contract';
import { csvRow, inScope, notFound, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from './repository';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** A page of disbursements inside the user's branch scope, with the totals of the filtered set. */
export async function listDisbursements(db: Db, scope: BranchScope, query: DisbursementListQuery): Promise<DisbursementList> {
  const page = await repo.listPage(db, scope, query);
  return { ...page, items: page.items.map(toDto) };
}

/** One disbursement with its provider messages, attempts, loan and audit; 404 when absent or outside the user's branch scope. */
export async function disbursementById(db: Db, scope: BranchScope, id: number): Promise<DisbursementDetails> {
  const row = await repo.findById(db, id);
  if (!row || !inScope(scope, row.branchId)) throw notFound('Disbursement');
  const [events, attempts, audit, loan] = await Promise.all([
    repo.eventsOf(db, id),
    row.applicationId ? repo.attemptsOf(db, row.applicationId) : Promise.resolve([]),
    repo.auditOf(db, id),
    row.applicationId ? repo.loanOf(db, row.applicationId) : Promise.resolve(undefined),
  ]);
  return {
    ...toDto(row),
    events: events.map((e) => ({ id: e.id, kind: e.kind, status: e.status, message: e.message, payload: e.payload, created_at: e.createdAt.toISOString() })),
    attempts: attempts.map((a) => ({ id: a.id, status: a.status, amount: a.amount, created_at: a.createdAt.toISOString() })),
    audit: audit.map((a) => ({ id: Number(a.id), action: a.action, user_name: a.user_name, ip_address: a.ip_address, details: a.details ?? {}, created_at: iso(a.created_at) })),
    loan: loan
      ? {
          id: loan.id,
          kind: loan.kind,
          reference_code: loan.referenceCode,
          fullname: loan.fullname,
          status: loan.status,
          amount: loan.amount,
          total_amount_due: loan.totalAmountDue,
          tenure_months: loan.tenureMonths,
        }
      : null,
  };
}

/** The row as the contract's disbursementSchema answers it (snake_case, ISO dates). */
export function toDto(row: repo.DisbursementJoined): Disbursement {
  return {
    id: row.id,
    application_id: row.applicationId,
    client_id: row.clientId,
    branch_id: row.branchId,
    amount: row.amount,
    mode: row.mode,
    method: row.method,
    recipient: row.recipient,
    status: row.status,
    provider: row.provider,
    provider_ref: row.providerRef,
    failure_reason: row.failureReason,
    batch_id: row.batchId,
    rule_id: row.ruleId,
    reference_code: row.referenceCode,
    client_name: row.clientName,
    reconciled: row.reconciled,
    reconciled_at: row.reconciledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `disburse-client`: the payable loans inside the user's branch scope, with their count and sum. */
export async function payable(db: Db, scope: BranchScope, q: PayableListQuery): Promise<PayableList> {
  const { rows, count, amount } = await repo.payablePage(db, scope, q);
  const more = rows.length > q.pageSize;
  const items = rows.slice(0, q.pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => ({
      application_id: Number(r.application_id),
      kind: r.kind,
      reference_code: r.reference_code,
      client_id: r.client_id === null ? null : Number(r.client_id),
      client_name: r.client_name,
      recipient: r.recipient,
      amount: r.amount,
      branch_id: r.branch_id === null ? null : Number(r.branch_id),
      signed_at: iso(r.signed_at),
      last_failure: r.last_failure,
    })),
    total: count,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor: more && last ? encodeCursor({ createdAt: last.position, id: Number(last.application_id) }) : null,
    totals: { count, amount },
  };
}

export const EXPORT_COLUMNS = ['id', 'created_at', 'status', 'mode', 'method', 'reference_code', 'client', 'recipient', 'amount', 'provider', 'provider_ref', 'failure_reason', 'reconciled', 'reconciled_at'];

/** The filtered set as CSV lines (header first), streamed. */
export async function* exportCsv(db: Db, scope: BranchScope, q: DisbursementExportQuery): AsyncGenerator<string> {
  yield csvRow(EXPORT_COLUMNS);
  for await (const r of repo.exportRows(db, scope, q)) {
    yield csvRow([
      r.id,
      r.createdAt.toISOString(),
      r.status,
      r.mode,
      r.method,
      r.referenceCode ?? '',
      r.clientName ?? '',
      r.recipient,
      r.amount,
      r.provider,
      r.providerRef ?? '',
      r.failureReason ?? '',
      r.reconciled ? 'yes' : 'no',
      r.reconciledAt?.toISOString() ?? '',
    ]);
  }
}
