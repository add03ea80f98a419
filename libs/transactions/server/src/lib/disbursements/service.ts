import type { Disbursement, DisbursementListQuery, ListEnvelope } from '@loan/shared-contract';
import { inScope, notFound, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from './repository';

/** A page of disbursements inside the user's branch scope. */
export async function listDisbursements(db: Db, scope: BranchScope, query: DisbursementListQuery): Promise<ListEnvelope<Disbursement>> {
  const page = await repo.listPage(db, scope, query);
  return { ...page, items: page.items.map(toDto) };
}

/** One disbursement; 404 when it is absent or outside the user's branch scope. */
export async function disbursementById(db: Db, scope: BranchScope, id: number): Promise<Disbursement> {
  const row = await repo.findById(db, id);
  if (!row || !inScope(scope, row.branchId)) throw notFound('Disbursement');
  return toDto(row);
}

/** The row as the contract's disbursementSchema answers it (snake_case, ISO dates). */
export function toDto(row: repo.DisbursementRecord): Disbursement {
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
    reconciled: row.reconciled,
    reconciled_at: row.reconciledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
