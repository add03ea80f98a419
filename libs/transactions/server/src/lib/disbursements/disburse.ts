import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addMonths } from 'date-fns';
import type { DisbursementMode, DisburseBulkItem, ReconcileResult } from '@loan/shared-contract';
import {
  businessToday,
  conflict,
  HttpError,
  inScope,
  notFound,
  postgresCode,
  recordAudit,
  schema,
  type AuditActor,
  type BranchScope,
  type Db,
  type Ports,
  type TransferRequest,
  type TransferStatus,
} from '@loan/shared-server';
import { formatMoney } from '@loan/shared-util-format';
import * as repo from './repository';
import { openAccount } from '@loan/loans-account';

const t = schema.disbursements;
const ev = schema.disbursementEvents;

/** Who asks: the session user (and where from), or the system (poller, callback, rule). */
export interface Actor {
  audit: AuditActor;
  scope: BranchScope;
}

export const SYSTEM_ACTOR: Actor = { audit: { userId: null, ip: null, userAgent: 'disbursements' }, scope: { all: true } };

export const ALREADY_PAID = 'This loan has been disbursed already.';
export const IN_FLIGHT = 'This loan is being disbursed: wait for the provider.';
export const NOT_PAYABLE = 'Only an approved loan with a signed offer letter can be disbursed.';

interface StartOptions {
  mode: DisbursementMode;
  batchId?: string | null;
  ruleId?: number | null;
}

/** Why a locked loan may not be paid now (null: it may): the one check of every paying path. */
function refusal(lock: repo.LockedLoan, scope: BranchScope): HttpError | null {
  if (!lock.exists || !inScope(scope, lock.branchId)) return notFound('Loan');
  if (lock.live) return conflict(lock.live.status === 'success' ? ALREADY_PAID : IN_FLIGHT);
  if (lock.status !== 'approved' || !lock.signed || !lock.loan) return conflict(NOT_PAYABLE);
  return null;
}

/** 404/409 unless the loan may be paid now (locks its row in `tx`): maker-checker's premise, the same check as every paying path. */
export async function assertPayable(tx: Db, actor: Actor, applicationId: number): Promise<repo.PayableRow> {
  const lock = await repo.lockPayable(tx, applicationId);
  const refused = refusal(lock, actor.scope);
  if (refused) throw refused;
  return lock.loan as repo.PayableRow;
}

/** The pending disbursement row of a payable loan, with our reference id for the provider. */
function pendingRow(actor: Actor, applicationId: number, loan: repo.PayableRow, opts: StartOptions): typeof t.$inferInsert {
  return {
    applicationId,
    clientId: loan.client_id === null ? null : Number(loan.client_id),
    branchId: loan.branch_id === null ? null : Number(loan.branch_id),
    amount: loan.amount,
    mode: opts.mode,
    method: 'mobile_money',
    recipient: loan.recipient,
    status: 'pending',
    provider: 'pending',
    referenceId: randomUUID(),
    batchId: opts.batchId ?? null,
    ruleId: opts.ruleId ?? null,
    createdBy: actor.audit.userId,
  };
}

const auditCreate = (tx: Db, actor: Actor, row: repo.DisbursementRecord, referenceCode: string) =>
  recordAudit(tx, actor.audit, {
    action: 'disbursement.create',
    entity: 'disbursement',
    entityId: row.id,
    details: { application_id: row.applicationId, reference_code: referenceCode, amount: row.amount, mode: row.mode, batch_id: row.batchId, rule_id: row.ruleId },
  });

/**
 * The check and the write in one transaction: the loan's row is locked (FOR UPDATE), it must be
 * approved, signed and have no disbursement pending or paid; then the disbursement is recorded as
 * pending with our reference id, and audited. The partial unique index on (application_id) of
 * pending/paid rows is the last guard: a second insert fails and answers 409.
 */
export async function startDisbursement(db: Db, actor: Actor, applicationId: number, opts: StartOptions): Promise<repo.DisbursementRecord> {
  try {
    return await db.transaction(async (tx) => {
      const lock = await repo.lockPayable(tx, applicationId);
      const refused = refusal(lock, actor.scope);
      if (refused) throw refused;
      const loan = lock.loan as repo.PayableRow;
      const [row] = await tx.insert(t).values(pendingRow(actor, applicationId, loan, opts)).returning();
      await auditCreate(tx, actor, row, loan.reference_code);
      return row;
    });
  } catch (err) {
    // Two requests that both passed their checks: the unique index let one through.
    if (postgresCode(err) === '23505') throw conflict(IN_FLIGHT);
    throw err;
  }
}

/**
 * The bulk form of startDisbursement, in one transaction whatever the count: every loan's row
 * locked at once (id order), each checked as a single payment is, the payable ones recorded as
 * pending in one insert, one audit record each. Answers the rows recorded and, per refused loan,
 * the reason (a loan named twice is checked once: the caller answers the repeat).
 */
export async function startDisbursements(
  db: Db,
  actor: Actor,
  applicationIds: readonly number[],
  opts: StartOptions,
): Promise<{ started: Map<number, { row: repo.DisbursementRecord; referenceCode: string }>; refused: Map<number, string> }> {
  try {
    return await db.transaction(async (tx) => {
      const locks = await repo.lockPayables(tx, applicationIds);
      const refused = new Map<number, string>();
      const payable = new Map<number, repo.PayableRow>();
      for (const applicationId of applicationIds) {
        if (refused.has(applicationId) || payable.has(applicationId)) continue;
        const no = refusal(locks.get(applicationId) as repo.LockedLoan, actor.scope);
        if (no) refused.set(applicationId, no.message);
        else payable.set(applicationId, (locks.get(applicationId) as repo.LockedLoan).loan as repo.PayableRow);
      }
      const started = new Map<number, { row: repo.DisbursementRecord; referenceCode: string }>();
      if (!payable.size) return { started, refused };
      const rows = await tx
        .insert(t)
        .values([...payable].map(([applicationId, loan]) => pendingRow(actor, applicationId, loan, opts)))
        .returning();
      for (const row of rows) {
        const referenceCode = (payable.get(row.applicationId as number) as repo.PayableRow).reference_code;
        started.set(row.applicationId as number, { row, referenceCode });
        await auditCreate(tx, actor, row, referenceCode);
      }
      return { started, refused };
    });
  } catch (err) {
    if (postgresCode(err) === '23505') throw conflict(IN_FLIGHT);
    throw err;
  }
}

/** The provider's transfer request of a recorded disbursement. */
const transferOf = (row: repo.DisbursementRecord, loanReference: string | null): TransferRequest => ({
  referenceId: row.referenceId ?? String(row.id),
  amount: row.amount,
  currency: 'ZMW',
  msisdn: row.recipient,
  externalId: loanReference ?? `D${row.id}`,
  payerMessage: `Loan ${loanReference ?? row.id}`,
  payeeNote: 'Loan disbursement',
});

/** A provider answer as a message of the disbursement (what applyStatus records first). */
const eventOf = (disbursementId: number, status: TransferStatus, kind: 'initiate' | 'poll' | 'callback'): typeof ev.$inferInsert => ({
  disbursementId,
  kind,
  status: status.state,
  message: status.reason ?? (status.providerRef ? `Provider reference ${status.providerRef}` : null),
  payload: status.raw,
});

/** The provider could not be reached: the transfer may or may not exist there, so it stays pending and the status poll (same reference id) settles it. */
const unreachedOf = (disbursementId: number, err: unknown): typeof ev.$inferInsert => ({
  disbursementId,
  kind: 'error',
  status: 'pending',
  message: `Provider not reached: ${(err as Error).message}`.slice(0, 500),
});

/** Sends the recorded disbursement to the provider and records its first answer. */
export async function sendToProvider(db: Db, ports: Ports, row: repo.DisbursementRecord, loanReference: string | null): Promise<repo.DisbursementRecord> {
  const provider = ports.mobileMoney;
  await db.update(t).set({ provider: provider.name, updatedAt: sql`now()` }).where(eq(t.id, row.id));
  let status: TransferStatus;
  try {
    status = await provider.initiate(transferOf(row, loanReference));
  } catch (err) {
    await db.insert(ev).values(unreachedOf(row.id, err));
    return (await db.select().from(t).where(eq(t.id, row.id)))[0];
  }
  return applyStatus(db, ports, row.id, status, 'initiate', SYSTEM_ACTOR.audit);
}

/** Provider calls at once, by a bulk run or the poll (a real provider answers over HTTP). */
export const PROVIDER_CONCURRENCY = 8;

/**
 * sendToProvider for many: one update names the provider on every row, the transfers are asked
 * PROVIDER_CONCURRENCY at a time, the pending first answers (and unreached ones) are recorded in
 * one insert; an answer that settles at once goes through applyStatus (lock, audit, SMS) as ever.
 */
export async function sendManyToProvider(db: Db, ports: Ports, rows: readonly { row: repo.DisbursementRecord; referenceCode: string | null }[]): Promise<void> {
  if (!rows.length) return;
  const provider = ports.mobileMoney;
  await db.update(t).set({ provider: provider.name, updatedAt: sql`now()` }).where(inArray(t.id, rows.map((r) => r.row.id)));
  const events: (typeof ev.$inferInsert)[] = [];
  const settled: { id: number; status: TransferStatus }[] = [];
  await eachLimit(rows, PROVIDER_CONCURRENCY, async ({ row, referenceCode }) => {
    try {
      const status = await provider.initiate(transferOf(row, referenceCode));
      if (status.state === 'pending') events.push(eventOf(row.id, status, 'initiate'));
      else settled.push({ id: row.id, status });
    } catch (err) {
      events.push(unreachedOf(row.id, err));
    }
  });
  if (events.length) await db.insert(ev).values(events);
  for (const s of settled) await applyStatus(db, ports, s.id, s.status, 'initiate', SYSTEM_ACTOR.audit);
}

/**
 * Records a provider answer (initiate, poll or callback) and settles a pending disbursement
 * once: the row is locked, a second answer for a settled one is recorded as a message only.
 * Success sends the borrower the SMS in the same transaction.
 */
export async function applyStatus(
  db: Db,
  ports: Ports,
  id: number,
  status: TransferStatus,
  kind: 'initiate' | 'poll' | 'callback',
  actor: AuditActor,
): Promise<repo.DisbursementRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row) throw notFound('Disbursement');
    await tx.insert(ev).values(eventOf(id, status, kind));
    if (row.status !== 'pending' || status.state === 'pending') return row;
    const [settled] = await tx
      .update(t)
      .set({
        status: status.state,
        providerRef: status.providerRef ?? row.providerRef,
        failureReason: status.state === 'failed' ? (status.reason ?? 'Failed at the provider') : null,
        settledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: `disbursement.${status.state}`,
      entity: 'disbursement',
      entityId: id,
      details: { via: kind, provider_ref: settled.providerRef, reason: settled.failureReason },
    });
    if (status.state === 'success') {
      // The first successful disbursement opens the loan account (schedule and ledger).
      if (settled.applicationId) await openAccount(tx, { userId: actor.userId, who: actor }, settled.applicationId, settled.id);
      await tellBorrower(tx, ports, settled);
    }
    return settled;
  });
}

/** The borrower's SMS (amount, reference, first due date: a month after today, Lusaka). */
async function tellBorrower(tx: Db, ports: Ports, row: repo.DisbursementRecord): Promise<void> {
  const loan = row.applicationId ? await repo.loanOf(tx, row.applicationId) : undefined;
  const today = await businessToday(tx);
  const firstDue = addMonths(new Date(`${today}T00:00:00Z`), 1).toISOString().slice(0, 10);
  await ports.sms.send(
    {
      to: row.recipient,
      body:
        `Your loan ${loan?.referenceCode ?? ''} of ${formatMoney(row.amount)} has been sent to ${row.recipient}. ` +
        `Reference ${row.providerRef ?? row.referenceId}. Your first instalment is due on ${firstDue}.`,
      purpose: 'disbursement',
      clientId: row.clientId,
      applicationId: row.applicationId,
    },
    tx,
  );
}

/** Runs `work` on every item, at most `limit` at a time (provider calls, settling transactions). */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Asks the provider about every disbursement still pending (the poller; idempotent): all of them
 * in one pass, `limit` rows a page, PROVIDER_CONCURRENCY at a time (each answer settles its row in
 * its own transaction: lock, audit, SMS). Answers how many settled.
 */
export async function settlePending(db: Db, ports: Ports, limit = 200): Promise<number> {
  let settled = 0;
  let after = 0;
  for (;;) {
    const pending = await db
      .select()
      .from(t)
      .where(and(eq(t.status, 'pending'), sql`${t.referenceId} IS NOT NULL`, sql`${t.provider} <> 'pending'`, sql`${t.id} > ${after}`))
      .orderBy(t.id)
      .limit(limit);
    await eachLimit(pending, PROVIDER_CONCURRENCY, async (row) => {
      try {
        const status = await ports.mobileMoney.status(row.referenceId as string);
        const done = await applyStatus(db, ports, row.id, status, 'poll', SYSTEM_ACTOR.audit);
        if (done.status !== 'pending') settled++;
      } catch {
        // Not reached this time; the next round asks again.
      }
    });
    if (pending.length < limit) return settled;
    after = pending[pending.length - 1].id;
  }
}

/** One loan paid now: recorded, sent, first answer recorded. */
export async function disburseOne(db: Db, ports: Ports, actor: Actor, applicationId: number, opts: StartOptions): Promise<repo.DisbursementJoined> {
  const row = await startDisbursement(db, actor, applicationId, opts);
  const loan = row.applicationId ? await repo.loanOf(db, row.applicationId) : undefined;
  await sendToProvider(db, ports, row, loan?.referenceCode ?? null);
  return (await repo.findById(db, row.id)) as repo.DisbursementJoined;
}

/**
 * Several loans under one batch: each is refused or sent on its own (one refusal stops nothing),
 * with the same checks, rows, audit and provider calls as a single payment, but set-wise: one
 * transaction records them all (startDisbursements), the provider is asked several at a time
 * (sendManyToProvider). The body's id list has no repeats (its schema drops them).
 */
export async function disburseMany(
  db: Db,
  ports: Ports,
  actor: Actor,
  applicationIds: readonly number[],
  batchId: string,
  toDto: (r: repo.DisbursementJoined) => DisburseBulkItem['disbursement'],
): Promise<DisburseBulkItem[]> {
  const { started, refused } = await startDisbursements(db, actor, applicationIds, { mode: 'instant_bulk', batchId });
  await sendManyToProvider(db, ports, [...started.values()]);
  const rows = new Map((await repo.findByIds(db, [...started.values()].map((s) => s.row.id))).map((r) => [r.applicationId as number, r]));
  return applicationIds.map((applicationId) => {
    const row = rows.get(applicationId);
    if (row) return { application_id: applicationId, outcome: 'sent' as const, disbursement: toDto(row), message: null };
    return { application_id: applicationId, outcome: 'refused' as const, disbursement: null, message: refused.get(applicationId) ?? IN_FLIGHT };
  });
}

/** A failed disbursement sent again as a new attempt of the same loan. */
export async function retry(db: Db, ports: Ports, actor: Actor, id: number): Promise<repo.DisbursementJoined> {
  const old = await repo.findById(db, id);
  if (!old || !inScope(actor.scope, old.branchId)) throw notFound('Disbursement');
  if (old.status !== 'failed') throw conflict('Only a failed disbursement can be retried.');
  if (!old.applicationId) throw conflict('This disbursement has no loan to pay any more.');
  const next = await disburseOne(db, ports, actor, old.applicationId, { mode: old.mode, batchId: old.batchId, ruleId: old.ruleId });
  await db.insert(ev).values({ disbursementId: id, kind: 'retry', status: 'failed', message: `Retried as disbursement #${next.id}` });
  return next;
}

/** Marks successful disbursements as matched with the provider's statement (the others are skipped). */
export async function reconcile(db: Db, actor: Actor, ids: readonly number[]): Promise<ReconcileResult> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(t).where(inArray(t.id, [...ids])).for('update');
    const ok = rows.filter((r) => inScope(actor.scope, r.branchId) && r.status === 'success' && !r.reconciled);
    if (ok.length) {
      await tx
        .update(t)
        .set({ reconciled: true, reconciledAt: sql`now()`, reconciledBy: actor.audit.userId, updatedAt: sql`now()` })
        .where(inArray(t.id, ok.map((r) => r.id)));
      for (const r of ok) {
        await recordAudit(tx, actor.audit, { action: 'disbursement.reconcile', entity: 'disbursement', entityId: r.id, details: { provider_ref: r.providerRef, amount: r.amount } });
        await tx.insert(ev).values({ disbursementId: r.id, kind: 'reconcile', status: 'success', message: 'Reconciled with the provider statement' });
      }
    }
    return { reconciled: ok.length, skipped: ids.length - ok.length };
  });
}

/** Deletes a failed disbursement (a paid, pending or reconciled one is never deleted), audited. */
export async function remove(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row || !inScope(actor.scope, row.branchId)) throw notFound('Disbursement');
    if (row.status !== 'failed' || row.reconciled) throw conflict('Only a failed disbursement can be deleted.');
    await tx.delete(t).where(eq(t.id, id));
    await recordAudit(tx, actor.audit, {
      action: 'disbursement.delete',
      entity: 'disbursement',
      entityId: id,
      before: { application_id: row.applicationId, amount: row.amount, status: row.status, failure_reason: row.failureReason },
    });
  });
}

/** A provider callback: find the disbursement by our reference id and settle it (idempotent). */
export async function callback(db: Db, ports: Ports, referenceId: string, status: TransferStatus): Promise<boolean> {
  const row = await repo.findByReference(db, referenceId);
  if (!row) return false;
  await applyStatus(db, ports, row.id, status, 'callback', { ...SYSTEM_ACTOR.audit, userAgent: 'provider callback' });
  return true;
}

/** Asks the provider about one pending disbursement now (a settled one is answered as it is). */
export async function refreshOne(db: Db, ports: Ports, id: number): Promise<repo.DisbursementJoined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  if (!row) throw notFound('Disbursement');
  if (row.status === 'pending' && row.referenceId && row.provider !== 'pending') {
    await applyStatus(db, ports, id, await ports.mobileMoney.status(row.referenceId), 'poll', SYSTEM_ACTOR.audit);
  }
  return (await repo.findById(db, id)) as repo.DisbursementJoined;
}
