import {
  P,
  SEARCH_LIMIT,
  type SearchGroup,
  type SearchHit,
  type SearchResult,
} from '@loan/shared-contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  likePrefix,
  mobilePrefix,
  queryRows,
  scopeCondition,
  type Db,
} from '@loan/shared-server';
import { clientSearch } from './repository';
import type { Viewer } from './service';

/** How many matching loans the letter, disbursement and repayment groups look through. */
const LOAN_MATCHES = 50;

/**
 * A loan's match (alias `la`): reference code, name, NRC or mobile by prefix, each its own
 * index lookup (loan_applications_reference_prefix_idx, _fullname_idx, _nrc_prefix_idx,
 * _mobile_prefix_idx), the union taken once (see clientSearch).
 */
function loanSearch(term: string): SQL {
  const parts: SQL[] = [
    sql`SELECT id FROM loan_applications WHERE reference_code LIKE ${likePrefix(term.toUpperCase())}`,
    sql`SELECT id FROM loan_applications WHERE lower(fullname) LIKE ${likePrefix(term.toLowerCase())}`,
  ];
  if (/^[\d/]+$/.test(term))
    parts.push(
      sql`SELECT id FROM loan_applications WHERE nrc LIKE ${likePrefix(term)}`,
    );
  const mobile = mobilePrefix(term);
  if (mobile)
    parts.push(
      sql`SELECT id FROM loan_applications WHERE mobile LIKE ${likePrefix(mobile)}`,
    );
  return sql`la.id = ANY(ARRAY(${sql.join(parts, sql` UNION `)}))`;
}

const scoped = (viewer: Viewer, column: SQL): SQL =>
  scopeCondition(viewer.scope, column) ?? sql`true`;

type Hit = { id: string; title: string; detail: string };
const hits = (rows: Hit[]): SearchHit[] =>
  rows.map((r) => ({ id: Number(r.id), title: r.title, detail: r.detail }));

/**
 * Find anything (issue 32): clients, applications, top-ups, offer letters, disbursements and
 * repayments whose name, NRC, mobile or reference starts with `q`, at most SEARCH_LIMIT a
 * group, only the groups the user may open and inside their branch scope.
 */
export async function findAnything(
  db: Db,
  viewer: Viewer,
  q: string,
): Promise<SearchResult> {
  const has = (p: string) => viewer.permissions.has(p);
  const matchingLoans = sql`SELECT la.id FROM loan_applications la WHERE ${loanSearch(q)} AND ${scoped(viewer, sql`la.branch_id`)} LIMIT ${LOAN_MATCHES}`;
  const queries: [SearchGroup, boolean, () => Promise<Hit[]>][] = [
    [
      'clients',
      has(P.viewClients),
      () =>
        queryRows<Hit>(
          db,
          sql`SELECT c.id::text, c.fullname AS title, c.nrc AS detail FROM clients c
               WHERE ${clientSearch(q)} AND ${scoped(viewer, sql`c.branch_id`)}
               ORDER BY c.created_at DESC, c.id DESC LIMIT ${SEARCH_LIMIT}`,
        ),
    ],
    ...(['application', 'topup'] as const).map(
      (kind): [SearchGroup, boolean, () => Promise<Hit[]>] => [
        kind === 'application' ? 'applications' : 'topups',
        has(kind === 'application' ? P.viewApplication : P.viewTopup),
        () =>
          queryRows<Hit>(
            db,
            sql`SELECT la.id::text, la.reference_code AS title, la.fullname || ' · ' || la.status AS detail
                  FROM loan_applications la
                 WHERE la.kind = ${kind} AND ${loanSearch(q)} AND ${scoped(viewer, sql`la.branch_id`)}
                 ORDER BY la.created_at DESC, la.id DESC LIMIT ${SEARCH_LIMIT}`,
          ),
      ],
    ),
    [
      'letters',
      has(P.viewOfferLetter),
      () =>
        queryRows<Hit>(
          db,
          sql`SELECT o.id::text, la.reference_code AS title, la.fullname || ' · ' || o.status AS detail
                FROM offer_letters o JOIN loan_applications la ON la.id = o.application_id
               WHERE o.application_id IN (${matchingLoans})
               ORDER BY o.created_at DESC, o.id DESC LIMIT ${SEARCH_LIMIT}`,
        ),
    ],
    [
      'disbursements',
      has(P.viewAllDisbursements),
      () =>
        queryRows<Hit>(
          db,
          sql`SELECT d.id::text, coalesce(la.reference_code, d.provider_ref, d.recipient) AS title,
                     d.amount::text || ' · ' || d.status AS detail
                FROM disbursements d LEFT JOIN loan_applications la ON la.id = d.application_id
               WHERE d.id = ANY(ARRAY(SELECT id FROM disbursements WHERE application_id IN (${matchingLoans}) UNION SELECT id FROM disbursements WHERE provider_ref LIKE ${likePrefix(q)} UNION SELECT id FROM disbursements WHERE provider_ref LIKE ${likePrefix(q.toUpperCase())}))
                 AND ${scoped(viewer, sql`d.branch_id`)}
               ORDER BY d.created_at DESC, d.id DESC LIMIT ${SEARCH_LIMIT}`,
        ),
    ],
    [
      'repayments',
      has(P.viewRepayments),
      () =>
        queryRows<Hit>(
          db,
          sql`SELECT r.id::text, coalesce(r.reference, la.reference_code, '#' || r.id::text) AS title,
                     r.amount::text || ' · ' || r.paid_at::text AS detail
                FROM repayments r LEFT JOIN loan_applications la ON la.id = r.application_id
               WHERE r.id = ANY(ARRAY(SELECT id FROM repayments WHERE application_id IN (${matchingLoans}) UNION SELECT id FROM repayments WHERE reference LIKE ${likePrefix(q)} UNION SELECT id FROM repayments WHERE reference LIKE ${likePrefix(q.toUpperCase())}))
                 AND ${scoped(viewer, sql`la.branch_id`)}
               ORDER BY r.created_at DESC, r.id DESC LIMIT ${SEARCH_LIMIT}`,
        ),
    ],
  ];
  const groups: SearchResult['groups'] = [];
  for (const [group, allowed, run] of queries) {
    if (allowed) groups.push({ group, items: hits(await run()) });
  }
  return { q, groups };
}
