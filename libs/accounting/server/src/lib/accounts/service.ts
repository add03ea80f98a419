import type { GlAccount, GlAccountCreate, GlAccountListQuery, GlAccountUpdate, ListEnvelope } from '@loan/shared-contract';
import { conflict, invalid, notFound, recordAudit, type AuditActor, type Db } from '@loan/shared-server';
import * as repo from './repository';

export function toDto(row: repo.GlAccountRow): GlAccount {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    type: row.type as GlAccount['type'],
    contra: row.contra,
    system_key: row.system_key,
    balance: row.balance,
    has_postings: row.has_postings,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The chart of accounts by code (the ledger's accounts are not branch records: no scope). */
export async function listAccounts(db: Db, query: GlAccountListQuery): Promise<ListEnvelope<GlAccount>> {
  const { items, total } = await repo.listPage(db, query);
  return { items: items.map(toDto), total, page: query.page, pageSize: query.pageSize, nextCursor: null };
}

export async function accountById(db: Db, id: number): Promise<GlAccount> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound('Account');
  return toDto(row);
}

export async function createAccount(db: Db, actor: AuditActor, input: GlAccountCreate): Promise<GlAccount> {
  return db.transaction(async (tx) => {
    if (await repo.codeTaken(tx, input.code)) throw invalid('code', 'Another account has this code.');
    const id = await repo.insert(tx, input);
    await recordAudit(tx, actor, { action: 'create', entity: 'gl_account', entityId: id, after: input });
    return accountById(tx, id);
  });
}

export async function updateAccount(db: Db, actor: AuditActor, id: number, patch: GlAccountUpdate): Promise<GlAccount> {
  return db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound('Account');
    const before = await accountById(tx, id);
    if (patch.code !== undefined && (await repo.codeTaken(tx, patch.code, id))) throw invalid('code', 'Another account has this code.');
    // The type and the contra flag say where a balance belongs: fixed once something is posted.
    if (before.has_postings && ((patch.type !== undefined && patch.type !== before.type) || (patch.contra !== undefined && patch.contra !== before.contra)))
      throw conflict('The account has postings: its type and contra flag can no longer change.');
    await repo.update(tx, id, patch);
    const after = await accountById(tx, id);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'gl_account',
      entityId: id,
      before: { code: before.code, name: before.name, type: before.type, contra: before.contra },
      after: { code: after.code, name: after.name, type: after.type, contra: after.contra },
    });
    return after;
  });
}

export async function deleteAccount(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound('Account');
    const row = await accountById(tx, id);
    if (row.has_postings) throw conflict('The account has postings and cannot be deleted.');
    if (row.system_key) throw conflict('The loan postings use this account: it cannot be deleted (its code and name can change).');
    await repo.remove(tx, id);
    await recordAudit(tx, actor, { action: 'delete', entity: 'gl_account', entityId: id, before: { code: row.code, name: row.name, type: row.type } });
  });
}
