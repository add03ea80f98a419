import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toNgwee, type Collection, type SuspenseItem, type SuspenseList } from '@loan/shared-contract';
import {
  businessToday,
  conflict,
  HttpError,
  inScope,
  likeContains,
  notFound,
  queryRows,
  recordAudit,
  scopeCondition,
  type AuditActor,
  type BranchScope,
  type CollectionPort,
  type CollectionStatus,
  type Db,
} from '@loan/shared-server';
import { COLLECTIONS_ACTOR, postCollection, type PostOutcome, type RecordRepayment } from './post';

export interface Deps {
  port: CollectionPort;
  record: RecordRepayment;
  /** Where the provider posts outcomes (optional: polling works without). */
  callbackUrl?: string;
}

function refused(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

const SELECT_REQUEST = sql`SELECT r.id::int AS id, r.application_id::int AS application_id, r.amount::text AS amount, r.payer_msisdn, r.reference_id::text AS reference_id,
       r.provider, r.status, r.provider_transaction_id, r.failure_reason, cp.repayment_id::int AS repayment_id, cp.suspense_item_id::int AS suspense_item_id,
       r.created_at, r.settled_at
  FROM collection_requests r LEFT JOIN collection_payments cp ON cp.request_id = r.id AND cp.provider_transaction_id = r.provider_transaction_id`;

function toCollection(r: Record<string, unknown>): Collection {
  return { ...(r as unknown as Collection), created_at: iso(r['created_at']) as string, settled_at: iso(r['settled_at']) };
}

export async function findRequest(db: Db, id: number, scope: BranchScope): Promise<Collection> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${SELECT_REQUEST} JOIN loan_applications la ON la.id = r.application_id WHERE r.id = ${id} AND ${scopeSql(scope)}`);
  if (!row) throw notFound('Collection request');
  return toCollection(row);
}

function scopeSql(scope: BranchScope) {
  return scopeCondition(scope, sql`la.branch_id`) ?? sql`true`;
}

/** Staff's request to pay: a paid-out loan with a balance; the amount defaults to the next due, never more than the balance. */
export async function requestPayment(db: Db, deps: Deps, actor: { audit: AuditActor; scope: BranchScope }, body: { application_id: number; amount?: string; msisdn?: string }): Promise<Collection> {
  const [loan] = await queryRows<{ id: number; reference_code: string; mobile: string; branch_id: string | null; status: string; balance: string | null; disbursed_on: unknown; next_due_amount: string | null }>(
    db,
    sql`SELECT la.id::int AS id, la.reference_code, la.mobile, la.branch_id::text AS branch_id, la.status, b.balance::text AS balance, b.disbursed_on, b.next_due_amount::text AS next_due_amount
          FROM loan_applications la LEFT JOIN loan_balances b ON b.application_id = la.id WHERE la.id = ${body.application_id}`,
  );
  if (!loan || !inScope(actor.scope, loan.branch_id === null ? null : Number(loan.branch_id))) throw refused('application_id', 'No such loan.');
  if (loan.status !== 'approved' || !loan.disbursed_on || !loan.balance || toNgwee(loan.balance) <= 0n) throw refused('application_id', 'Only a paid-out loan with a balance can be asked to pay.');
  const amount = body.amount ?? loan.next_due_amount ?? loan.balance;
  if (toNgwee(amount) <= 0n) throw refused('amount', 'Enter an amount above 0.');
  if (toNgwee(amount) > toNgwee(loan.balance)) throw refused('amount', `More than the balance of ${loan.balance}.`);
  const msisdn = body.msisdn ?? loan.mobile;
  const referenceId = randomUUID();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO collection_requests (application_id, amount, payer_msisdn, reference_id, provider, requested_by)
        VALUES (${loan.id}, ${amount}, ${msisdn}, ${referenceId}, ${deps.port.name}, ${actor.audit.userId}) RETURNING id::int AS id`,
  );
  await recordAudit(db, actor.audit, { action: 'collection.request', entity: 'collection_request', entityId: row.id, details: { application_id: loan.id, amount, provider: deps.port.name } });
  let status: CollectionStatus;
  try {
    status = await deps.port.requestToPay({
      referenceId,
      amount,
      currency: 'ZMW',
      msisdn,
      externalId: loan.reference_code,
      payerMessage: `Loan ${loan.reference_code}`,
      payeeNote: 'Loan repayment',
      callbackUrl: deps.callbackUrl,
    });
  } catch (err) {
    // Not reached: stays pending; the poll asks again (the same reference id is the same request).
    await db.execute(sql`INSERT INTO collection_events (request_id, kind, payload) VALUES (${row.id}, 'error', ${JSON.stringify({ message: (err as Error).message })}::jsonb)`);
    return findRequest(db, row.id, { all: true });
  }
  await applyStatus(db, deps, row.id, status, 'request');
  return findRequest(db, row.id, { all: true });
}

/**
 * Records a provider answer and settles a pending request once (row lock); a success is posted
 * (postCollection) in the same transaction. A later answer is recorded as an event only.
 */
export async function applyStatus(db: Db, deps: Deps, id: number, status: CollectionStatus, kind: 'request' | 'poll' | 'callback'): Promise<PostOutcome | null> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number; application_id: number; amount: string; payer_msisdn: string; reference_id: string; provider: string; status: string }>(
      tx,
      sql`SELECT id::int AS id, application_id::int AS application_id, amount::text AS amount, payer_msisdn, reference_id::text AS reference_id, provider, status
            FROM collection_requests WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound('Collection request');
    await tx.execute(sql`INSERT INTO collection_events (request_id, kind, status, payload) VALUES (${id}, ${kind}, ${status.state}, ${JSON.stringify(status.raw)}::jsonb)`);
    if (row.status !== 'pending' || status.state === 'pending') return null;
    const actor = { ...COLLECTIONS_ACTOR, userAgent: `collections ${kind}` };
    if (status.state === 'failed') {
      await tx.execute(sql`UPDATE collection_requests SET status = 'failed', failure_reason = ${status.reason ?? 'Failed at the provider'}, settled_at = now(), updated_at = now() WHERE id = ${id}`);
      await recordAudit(tx, actor, { action: 'collection.failed', entity: 'collection_request', entityId: id, details: { reason: status.reason } });
      return null;
    }
    const providerRef = status.providerRef as string;
    await tx.execute(sql`UPDATE collection_requests SET status = 'success', provider_transaction_id = ${providerRef}, settled_at = now(), updated_at = now() WHERE id = ${id}`);
    const outcome = await postCollection(
      tx,
      deps.record,
      { provider: row.provider, providerRef, amount: status.amount ?? row.amount, payer: status.payer ?? row.payer_msisdn, reference: row.reference_id, requestId: id, applicationId: row.application_id },
      actor,
    );
    await recordAudit(tx, actor, { action: 'collection.success', entity: 'collection_request', entityId: id, details: { provider_ref: providerRef, posted: outcome } });
    return outcome;
  });
}

/**
 * A provider callback by our reference id. Unknown reference with a successful payment: the
 * money goes to suspense (once, by its transaction id). Answers false for an unknown
 * reference that carries no payment.
 */
export async function callback(db: Db, deps: Deps, referenceId: string, status: CollectionStatus): Promise<boolean> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(referenceId);
  const [row] = uuid ? await queryRows<{ id: number }>(db, sql`SELECT id::int AS id FROM collection_requests WHERE reference_id = ${referenceId}::uuid`) : [];
  if (row) {
    await applyStatus(db, deps, row.id, status, 'callback');
    return true;
  }
  await db.execute(sql`INSERT INTO collection_events (request_id, kind, status, payload) VALUES (NULL, 'callback', ${status.state}, ${JSON.stringify(status.raw)}::jsonb)`);
  if (status.state !== 'success' || !status.providerRef || !status.amount || toNgwee(status.amount) <= 0n) return false;
  await db.transaction((tx) =>
    postCollection(tx, deps.record, {
      provider: deps.port.name,
      providerRef: status.providerRef as string,
      amount: status.amount as string,
      payer: status.payer,
      reference: referenceId.slice(0, 100),
      requestId: null,
      applicationId: null,
    }),
  );
  return true;
}

/** The poll: asks the provider about every pending request (a lost callback is found here). Answers how many settled. */
export async function pollPending(db: Db, deps: Deps, limit = 200): Promise<number> {
  let settled = 0;
  let after = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; reference_id: string }>(
      db,
      sql`SELECT id::int AS id, reference_id::text AS reference_id FROM collection_requests WHERE status = 'pending' AND provider = ${deps.port.name} AND id > ${after} ORDER BY id LIMIT ${limit}`,
    );
    for (const r of rows) {
      after = r.id;
      try {
        const s = await deps.port.status(r.reference_id);
        if (s.state !== 'pending') settled++;
        await applyStatus(db, deps, r.id, s, 'poll');
      } catch {
        // The provider is unreachable: the next poll asks again.
      }
    }
    if (rows.length < limit) return settled;
  }
}

function toSuspense(r: Record<string, unknown>): SuspenseItem {
  return { ...(r as unknown as SuspenseItem), created_at: iso(r['created_at']) as string, resolved_at: iso(r['resolved_at']) };
}
const SELECT_SUSPENSE = sql`SELECT id::int AS id, amount::text AS amount, payer_msisdn, provider, provider_transaction_id, reference, reason, status,
       matched_application_id::int AS matched_application_id, repayment_id::int AS repayment_id, refund_reference, created_at, resolved_at FROM suspense_items`;

export async function listSuspense(db: Db, q: { status?: string; search?: string; page: number; pageSize: number }): Promise<SuspenseList> {
  const like = q.search ? likeContains(q.search) : null;
  const conditions = [
    q.status ? sql`status = ${q.status}` : null,
    like ? sql`(provider_transaction_id ILIKE ${like} OR payer_msisdn ILIKE ${like} OR reference ILIKE ${like})` : null,
  ].filter((c) => c !== null);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(db, sql`${SELECT_SUSPENSE} ${where} ORDER BY id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM suspense_items ${where}`);
  return { items: rows.map(toSuspense), total: n.n, page: q.page, pageSize: q.pageSize };
}

async function lockOpen(tx: Db, id: number): Promise<{ amount: string; provider_transaction_id: string }> {
  const [row] = await queryRows<{ status: string; amount: string; provider_transaction_id: string }>(
    tx,
    sql`SELECT status, amount::text AS amount, provider_transaction_id FROM suspense_items WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound('Suspense item');
  if (row.status !== 'open') throw conflict(`This line left suspense already (${row.status}).`);
  return row;
}

/** Matches an open line to a loan: it becomes that loan's repayment (reference = the provider's transaction id). */
export async function matchSuspense(db: Db, deps: Deps, actor: { audit: AuditActor; scope: BranchScope }, id: number, applicationId: number): Promise<SuspenseItem> {
  return db.transaction(async (tx) => {
    const item = await lockOpen(tx, id);
    const [loan] = await queryRows<{ branch_id: string | null }>(tx, sql`SELECT branch_id::text AS branch_id FROM loan_applications WHERE id = ${applicationId}`);
    if (!loan || !inScope(actor.scope, loan.branch_id === null ? null : Number(loan.branch_id))) throw refused('application_id', 'No such loan.');
    const paidOn = await businessToday(tx);
    let repaymentId: number;
    try {
      ({ repaymentId } = await tx.transaction((sp) => deps.record(sp, { applicationId, amount: item.amount, paidOn, method: 'mobile_money', reference: item.provider_transaction_id })));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) throw refused('application_id', err.message);
      throw err;
    }
    await tx.execute(sql`UPDATE suspense_items SET status = 'matched', matched_application_id = ${applicationId}, repayment_id = ${repaymentId}, resolved_by = ${actor.audit.userId}, resolved_at = now() WHERE id = ${id}`);
    await tx.execute(sql`UPDATE collection_payments SET repayment_id = ${repaymentId} WHERE suspense_item_id = ${id}`);
    await recordAudit(tx, actor.audit, { action: 'suspense.match', entity: 'suspense_item', entityId: id, details: { application_id: applicationId, repayment_id: repaymentId, amount: item.amount } });
    const [out] = await queryRows<Record<string, unknown>>(tx, sql`${SELECT_SUSPENSE} WHERE id = ${id}`);
    return toSuspense(out);
  });
}

/** Marks an open line refunded with the refund's reference. */
export async function refundSuspense(db: Db, actor: { audit: AuditActor }, id: number, refundReference: string): Promise<SuspenseItem> {
  return db.transaction(async (tx) => {
    const item = await lockOpen(tx, id);
    await tx.execute(sql`UPDATE suspense_items SET status = 'refunded', refund_reference = ${refundReference}, resolved_by = ${actor.audit.userId}, resolved_at = now() WHERE id = ${id}`);
    await recordAudit(tx, actor.audit, { action: 'suspense.refund', entity: 'suspense_item', entityId: id, details: { refund_reference: refundReference, amount: item.amount } });
    const [out] = await queryRows<Record<string, unknown>>(tx, sql`${SELECT_SUSPENSE} WHERE id = ${id}`);
    return toSuspense(out);
  });
}
