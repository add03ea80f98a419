import { sql, type SQL } from 'drizzle-orm';
import type { MessagePreview, RecipientLoanState } from '@loan/shared-contract';
import { queryRows, type BranchScope, type Db } from '@loan/shared-server';
import { maskRecipient } from '@loan/shared-util-format';

/** Whom a message goes to (the contract's audience fields). */
export interface Audience {
  client_ids?: number[];
  all?: boolean;
  branch_id?: number;
  loan_state?: RecipientLoanState;
}

/** Placeholders that need the client's loan (the join is skipped when a text has none). */
const LOAN_PLACEHOLDER = /\{(reference|reference_code|amount|balance|due_date)\}/;

const LOAN_STATE_SQL: Record<RecipientLoanState, SQL> = {
  approved: sql`EXISTS (SELECT 1 FROM loan_applications la WHERE la.client_id = c.id AND la.status = 'approved')`,
  closed: sql`EXISTS (SELECT 1 FROM loan_applications la WHERE la.client_id = c.id AND la.status = 'closed')`,
  disbursed: sql`EXISTS (SELECT 1 FROM loan_balances b WHERE b.client_id = c.id AND b.disbursed_on IS NOT NULL AND b.state <> 'paid')`,
  in_arrears: sql`EXISTS (SELECT 1 FROM loan_balances b WHERE b.client_id = c.id AND b.arrears > 0)`,
};

/**
 * The recipients of a message as one SELECT (client_id, name, recipient and the values of the
 * placeholders): clients inside the sender's branch scope with an address on the channel,
 * narrowed by the chosen ids, branch and loan state (combined), each once, by id.
 * The loan values are those of the client's latest approved or closed loan.
 */
export function recipientsSql(channel: 'sms' | 'email', scope: BranchScope, a: Audience, texts: readonly string[]): SQL {
  const address = channel === 'sms' ? sql`c.mobile` : sql`c.email`;
  const scopeSql = scope.all ? sql`true` : scope.branchId === null ? sql`false` : sql`c.branch_id = ${scope.branchId}`;
  const ids = a.all ? null : a.client_ids?.length ? [...new Set(a.client_ids)] : null;
  const withLoan = texts.some((t) => LOAN_PLACEHOLDER.test(t));
  const loan = withLoan
    ? sql`LEFT JOIN LATERAL (SELECT b.reference_code, b.total_due, b.balance, b.next_due_date
                               FROM loan_balances b WHERE b.client_id = c.id ORDER BY b.application_id DESC LIMIT 1) l ON true`
    : sql`LEFT JOIN LATERAL (SELECT NULL::text AS reference_code, NULL::numeric AS total_due, NULL::numeric AS balance, NULL::date AS next_due_date) l ON true`;
  return sql`SELECT c.id AS client_id, c.fullname AS name, btrim(${address}) AS recipient,
                    l.reference_code, l.total_due, l.balance, l.next_due_date
               FROM clients c ${loan}
              WHERE coalesce(btrim(${address}), '') <> '' AND ${scopeSql}
                ${ids ? sql`AND c.id = ANY(${`{${ids.join(',')}}`}::bigint[])` : sql``}
                ${!a.all && a.branch_id !== undefined ? sql`AND c.branch_id = ${a.branch_id}` : sql``}
                ${!a.all && a.loan_state ? sql`AND ${LOAN_STATE_SQL[a.loan_state]}` : sql``}`;
}

/** One text filled for the recipient row `r` of recipientsSql (the SQL function of migration 1060). */
export const renderSql = (text: string) => sql`render_message(${text}::text, r.name, r.reference_code, r.total_due, r.balance, r.next_due_date)`;

/**
 * How many the message reaches and the first `limit` as each would receive it (rendered by
 * the same function as the send; mobile numbers masked as everywhere staff see them).
 */
export async function previewMessage(
  db: Db,
  scope: BranchScope,
  input: Audience & { channel: 'sms' | 'email'; subject?: string; body: string; limit?: number },
): Promise<MessagePreview> {
  const texts = [input.body, input.subject ?? ''];
  const rows = await queryRows<{ total: number; client_id: string; client_name: string; recipient: string; subject: string | null; body: string }>(
    db,
    sql`SELECT count(*) OVER ()::int AS total, r.client_id, r.name AS client_name, r.recipient,
               ${input.channel === 'email' ? renderSql(input.subject ?? '') : sql`NULL::text`} AS subject, ${renderSql(input.body)} AS body
          FROM (${recipientsSql(input.channel, scope, input, texts)}) r
         ORDER BY r.client_id
         LIMIT ${input.limit ?? 5}`,
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  return { total, items: rows.map((r) => ({ client_id: Number(r.client_id), client_name: r.client_name, recipient: maskRecipient(r.recipient), subject: r.subject, body: r.body })) };
}
