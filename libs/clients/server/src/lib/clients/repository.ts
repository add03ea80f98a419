import {
  decodeCursor,
  type ClientListQuery,
  type ListEnvelope,
} from '@loan/shared-contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  keysetEnvelope,
  likePrefix,
  mobilePrefix,
  queryRows,
  scopeCondition,
  type BranchScope,
  type Db,
} from '@loan/shared-server';

/** A client row with its figures; money as the database's exact text. */
export interface ClientRow {
  id: string;
  fullname: string;
  nrc: string;
  mobile: string;
  email: string | null;
  employer: string | null;
  address: string | null;
  branch_id: string | null;
  branch: string | null;
  open_loans: number;
  balance: string;
  arrears: string;
  last_activity: string;
  created_at: string;
  updated_at: string;
  /** created_at as the database's exact text (the keyset cursor's position). */
  position: string;
}

/**
 * Prefix search (case-insensitive name; NRC and mobile as typed; a loan's reference code).
 * Each side is its own index lookup (clients_fullname_idx, clients_nrc_prefix_idx,
 * clients_mobile_prefix_idx, loan_applications_reference_prefix_idx); their union is taken
 * once (`= ANY(ARRAY(...))`, an InitPlan) so the planner fetches the matches by primary key
 * and sorts them, instead of walking the newest-first index filtering every row (what an
 * OR of LIKEs under ORDER BY ... LIMIT chose in EXPLAIN).
 */
export function clientSearch(term: string, c = sql.raw('c')): SQL {
  const parts: SQL[] = [
    sql`SELECT id FROM clients WHERE lower(fullname) LIKE ${likePrefix(term.toLowerCase())}`,
    sql`SELECT client_id FROM loan_applications WHERE reference_code LIKE ${likePrefix(term.toUpperCase())} AND client_id IS NOT NULL`,
  ];
  if (/^[\d/]+$/.test(term))
    parts.push(sql`SELECT id FROM clients WHERE nrc LIKE ${likePrefix(term)}`);
  const mobile = mobilePrefix(term);
  if (mobile)
    parts.push(
      sql`SELECT id FROM clients WHERE mobile LIKE ${likePrefix(mobile)}`,
    );
  return sql`${c}.id = ANY(ARRAY(${sql.join(parts, sql` UNION `)}))`;
}

const and = (parts: (SQL | undefined)[]): SQL => {
  const p = parts.filter((x): x is SQL => x !== undefined);
  return p.length ? sql.join(p, sql` AND `) : sql`true`;
};

/**
 * The figures of a page of clients (at most one page: `page` is a CTE with its LIMIT), from
 * loan_balances (THE source of balances: never repayments added up here): open loans are
 * the approved ones (closed = paid or closed by staff).
 */
function withFigures(page: SQL): SQL {
  return sql`WITH page AS MATERIALIZED (${page})
    SELECT c.id::text, c.fullname, c.nrc, c.mobile, c.email, c.employer, c.address, c.branch_id::text, b.name AS branch,
           coalesce(l.open_loans, 0)::int AS open_loans,
           coalesce(l.balance, 0)::numeric(14,2)::text AS balance,
           coalesce(l.arrears, 0)::numeric(14,2)::text AS arrears,
           to_char(greatest(c.updated_at, a.last) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_activity,
           to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
           to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
           c.created_at::text AS position
      FROM page c
      LEFT JOIN branches b ON b.id = c.branch_id
      LEFT JOIN LATERAL (SELECT count(*) AS open_loans, sum(lb.balance) AS balance, sum(lb.arrears) AS arrears
                           FROM loan_balances lb WHERE lb.client_id = c.id AND lb.status = 'approved') l ON true
      LEFT JOIN LATERAL (SELECT max(la.updated_at) AS last FROM loan_applications la WHERE la.client_id = c.id) a ON true
     ORDER BY c.created_at DESC, c.id DESC`;
}

/**
 * One page, newest first (clients_created_idx / clients_branch_created_idx), inside the
 * branch scope. With a cursor it seeks (keyset); else it skips to `page`. The total is exact.
 */
export async function listPage(
  db: Db,
  scope: BranchScope,
  q: ClientListQuery,
): Promise<ListEnvelope<ClientRow>> {
  const where = and([
    scopeCondition(scope, sql`c.branch_id`),
    q.search ? clientSearch(q.search) : undefined,
  ]);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const seek = cursor
    ? sql` AND (c.created_at, c.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : sql``;
  const page = sql`SELECT c.* FROM clients c WHERE ${where}${seek}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${q.pageSize + 1} OFFSET ${cursor ? 0 : (q.page - 1) * q.pageSize}`;
  const rows = await queryRows<ClientRow>(db, withFigures(page));
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM clients c WHERE ${where}`,
  );
  return keysetEnvelope(
    rows,
    q,
    (r) => r,
    (r) => ({ createdAt: r.position, id: Number(r.id) }),
    Number(total),
  );
}

export async function findById(
  db: Db,
  id: number,
): Promise<ClientRow | undefined> {
  const [row] = await queryRows<ClientRow>(
    db,
    withFigures(sql`SELECT c.* FROM clients c WHERE c.id = ${id}`),
  );
  return row;
}

const iso = (col: string) =>
  sql.raw(
    `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  );

/** What is held about one client, each section newest first and capped (`limit`). */
export async function sections(db: Db, clientId: number, limit: number) {
  const applications = await queryRows<{
    id: string;
    kind: 'application' | 'topup';
    reference_code: string;
    status: string;
    amount: string;
    created_at: string;
  }>(
    db,
    sql`SELECT id::text, kind, reference_code, status, amount::text, ${iso('created_at')} AS created_at
          FROM loan_applications WHERE client_id = ${clientId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  const loans = await queryRows<{
    id: string;
    kind: 'application' | 'topup';
    reference_code: string;
    status: string;
    total_due: string;
    paid: string;
    balance: string;
    arrears: string;
    days_past_due: number;
    state: string;
    disbursed_on: string | null;
    next_due_date: string | null;
  }>(
    db,
    sql`SELECT application_id::text AS id, kind, reference_code, status, total_due::text, paid::text, balance::text, arrears::text,
               coalesce(days_past_due, 0)::int AS days_past_due, state, disbursed_on::text, next_due_date::text
          FROM loan_balances WHERE client_id = ${clientId} ORDER BY application_id DESC LIMIT ${limit}`,
  );
  const letters = await queryRows<{
    id: string;
    application_id: string;
    reference_code: string;
    status: string;
    total_amount_due: string;
    created_at: string;
  }>(
    db,
    sql`SELECT o.id::text, o.application_id::text, la.reference_code, o.status, o.total_amount_due::text, ${iso('o.created_at')} AS created_at
          FROM loan_applications la JOIN offer_letters o ON o.application_id = la.id
         WHERE la.client_id = ${clientId} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
  const disbursements = await queryRows<{
    id: string;
    application_id: string | null;
    amount: string;
    status: string;
    created_at: string;
  }>(
    db,
    sql`SELECT d.id::text, d.application_id::text, d.amount::text, d.status, ${iso('d.created_at')} AS created_at
          FROM disbursements d
         WHERE d.client_id = ${clientId} OR d.application_id IN (SELECT id FROM loan_applications WHERE client_id = ${clientId})
         ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`,
  );
  const repayments = await queryRows<{
    id: string;
    application_id: string | null;
    amount: string;
    paid_at: string;
    reference: string | null;
    reversed: boolean;
  }>(
    db,
    sql`SELECT r.id::text, r.application_id::text, r.amount::text, r.paid_at::text, r.reference, r.reversed_at IS NOT NULL AS reversed
          FROM repayments r
         WHERE r.client_id = ${clientId} OR r.application_id IN (SELECT id FROM loan_applications WHERE client_id = ${clientId})
         ORDER BY r.paid_at DESC, r.id DESC LIMIT ${limit}`,
  );
  const messages = await queryRows<{
    id: string;
    channel: string;
    status: string;
    purpose: string;
    body: string;
    created_at: string;
  }>(
    db,
    sql`SELECT id::text, channel, status, purpose, body, ${iso('created_at')} AS created_at
          FROM messages WHERE client_id = ${clientId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  // The audit of changes to the client and their records (audit_log_entity_idx on (entity, entity_id)).
  const ids = (rows: { id: string }[]) => JSON.stringify(rows.map((r) => r.id));
  const audit = await queryRows<{
    id: string;
    action: string;
    entity: string;
    entity_id: string | null;
    user: string | null;
    created_at: string;
  }>(
    db,
    sql`SELECT a.id::text, a.action, a.entity, a.entity_id, u.fullname AS user, ${iso('a.created_at')} AS created_at
          FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
         WHERE (a.entity = 'client' AND a.entity_id = ${String(clientId)})
            OR (a.entity IN ('loan_application', 'application') AND a.entity_id IN (SELECT jsonb_array_elements_text(${ids(applications)}::jsonb)))
            OR (a.entity = 'offer_letter' AND a.entity_id IN (SELECT jsonb_array_elements_text(${ids(letters)}::jsonb)))
            OR (a.entity = 'disbursement' AND a.entity_id IN (SELECT jsonb_array_elements_text(${ids(disbursements)}::jsonb)))
            OR (a.entity = 'repayment' AND a.entity_id IN (SELECT jsonb_array_elements_text(${ids(repayments)}::jsonb)))
         ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`,
  );
  return {
    applications,
    loans,
    letters,
    disbursements,
    repayments,
    messages,
    audit,
  };
}
