import type { ListEnvelope, LoanKind, LoanSort, PermissionName } from '@loan/shared-contract';
import type { LoanApplication } from '@loan/shared-contract';
import { inScope, narrowToScope, notFound, type AuditActor, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from '../repository';

/**
 * What every part of the loans service shares: the caller (Actor), paging arguments, and
 * the branch scope (NOTES.md, `can view all branches`) applied to every list, figure,
 * details page and change. Every function takes the kind, so `/api/applyForLoan` and
 * `/api/loanTopUp` share one implementation; routes.ts only maps HTTP onto these.
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
  /** The list's order; newest first when absent. */
  sort?: LoanSort;
}

export const NOUN: Record<LoanKind, string> = { application: 'Application', topup: 'Top-up' };
export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The branch filter (an id, name or code; already '' / 'null'-stripped by the schema)
 * narrowed to the caller's scope: undefined = every branch; null = a branch that does
 * not exist or lies outside the scope (matches nothing).
 */
export async function resolveBranch(db: Db, ref: string | undefined, scope: BranchScope): Promise<number | undefined | null> {
  const requested = ref === undefined ? undefined : ((await repo.findBranchId(db, ref)) ?? null);
  return narrowToScope(scope, requested);
}

/** The row when it exists and lies inside the scope (outside it is as unknown: 404). */
export async function findInScope(db: Db, kind: LoanKind, id: number, scope: BranchScope, forUpdate = false): Promise<LoanApplication> {
  const row = await repo.findById(db, kind, id, forUpdate);
  if (!row || !inScope(scope, row.branch_id)) throw notFound(NOUN[kind]);
  return row;
}

export function emptyPage<T>(args: PageArgs): ListEnvelope<T> {
  return { items: [], total: 0, page: args.page, pageSize: args.pageSize, nextCursor: null };
}

