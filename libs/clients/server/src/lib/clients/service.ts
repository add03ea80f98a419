import {
  CLIENT_SECTION_LIMIT,
  P,
  type Client,
  type ClientDetails,
  type ClientListQuery,
  type ListEnvelope,
} from '@loan/shared-contract';
import {
  inScope,
  notFound,
  type BranchScope,
  type Db,
} from '@loan/shared-server';
import * as repo from './repository';

/** Who is asking: the branch scope and the permission names (the sections and masking depend on them). */
export interface Viewer {
  scope: BranchScope;
  permissions: ReadonlySet<string>;
}

/**
 * The PII hook (NOTES.md "Disclosure and data protection"): lists mask NRC and mobile for
 * users without `can view borrower PII`. That permission is not in the catalog yet, so
 * values go out unmasked; when it is added, mask here (e.g. the NRC to its last 4 characters,
 * the mobile to its first 6 and last 2) unless `viewer.permissions.has(P.viewBorrowerPii)`, and
 * record each unmasked showing in the PII access log.
 */
export function maskPii<T extends { nrc: string; mobile: string }>(
  row: T,
  _viewer: Viewer,
): T {
  return row;
}

/** A page of clients inside the user's branch scope. */
export async function listClients(
  db: Db,
  viewer: Viewer,
  query: ClientListQuery,
): Promise<ListEnvelope<Client>> {
  const page = await repo.listPage(db, viewer.scope, query);
  return { ...page, items: page.items.map((r) => maskPii(toDto(r), viewer)) };
}

/** One client and what is held about them; 404 when absent or outside the user's branch scope. */
export async function clientDetails(
  db: Db,
  viewer: Viewer,
  id: number,
): Promise<ClientDetails> {
  const row = await repo.findById(db, id);
  if (
    !row ||
    !inScope(
      viewer.scope,
      row.branch_id === null ? null : Number(row.branch_id),
    )
  )
    throw notFound('Client');
  const s = await repo.sections(db, id, CLIENT_SECTION_LIMIT);
  const has = (p: string) => viewer.permissions.has(p);
  const kindAllowed = (kind: 'application' | 'topup') =>
    kind === 'application' ? has(P.viewApplication) : has(P.viewTopup);
  const anyLoans = has(P.viewApplication) || has(P.viewTopup);
  const num = (v: string) => Number(v);
  const numOrNull = (v: string | null) => (v === null ? null : Number(v));
  return {
    client: {
      ...maskPii(toDto(row), viewer),
      email: row.email,
      employer: row.employer,
      address: row.address,
      updated_at: row.updated_at,
    },
    applications: anyLoans
      ? s.applications
          .filter((a) => kindAllowed(a.kind))
          .map((a) => ({ ...a, id: num(a.id) }))
      : null,
    loans: anyLoans
      ? s.loans
          .filter((l) => kindAllowed(l.kind))
          .map((l) => ({ ...l, id: num(l.id) }))
      : null,
    offer_letters: has(P.viewOfferLetter)
      ? s.letters.map((l) => ({
          ...l,
          id: num(l.id),
          application_id: num(l.application_id),
        }))
      : null,
    disbursements: has(P.viewAllDisbursements)
      ? s.disbursements.map((d) => ({
          ...d,
          id: num(d.id),
          application_id: numOrNull(d.application_id),
        }))
      : null,
    repayments: has(P.viewRepayments)
      ? s.repayments.map((r) => ({
          ...r,
          id: num(r.id),
          application_id: numOrNull(r.application_id),
        }))
      : null,
    messages: has(P.viewMessage)
      ? s.messages.map((m) => ({ ...m, id: num(m.id) }))
      : null,
    audit: s.audit.map((a) => ({ ...a, id: num(a.id) })),
  };
}

/** The row as the contract's clientSchema answers it (snake_case, ISO dates, money as text). */
function toDto(row: repo.ClientRow): Client {
  return {
    id: Number(row.id),
    name: row.fullname,
    nrc: row.nrc,
    mobile: row.mobile,
    branch_id: row.branch_id === null ? null : Number(row.branch_id),
    branch: row.branch,
    open_loans: row.open_loans,
    balance: row.balance,
    arrears: row.arrears,
    last_activity: row.last_activity,
    created_at: row.created_at,
  };
}
