import { sql, type SQL } from 'drizzle-orm';
import type { GlAccountCreate, GlAccountListQuery, GlAccountUpdate } from '@loan/shared-contract';
import { likeContains, queryRows, type Db } from '@loan/shared-server';

export interface GlAccountRow {
  id: string;
  code: string;
  name: string;
  type: string;
  contra: boolean;
  system_key: string | null;
  balance: string;
  has_postings: boolean;
  created_at: Date | string;
}

/** The accounts with their all-time balance (one grouped pass over the lines; the chart is small). */
const rowsSql = (where: SQL) => sql`
  SELECT a.id::text AS id, a.code, a.name, a.type, a.contra, a.system_key,
         coalesce(b.balance, 0)::numeric(14,2)::text AS balance, b.account_id IS NOT NULL AS has_postings, a.created_at
    FROM gl_accounts a
    LEFT JOIN (SELECT account_id, sum(debit) - sum(credit) AS balance FROM journal_lines GROUP BY account_id) b ON b.account_id = a.id
   WHERE ${where}`;

export async function listPage(db: Db, q: GlAccountListQuery): Promise<{ items: GlAccountRow[]; total: number }> {
  const where = q.search ? sql`(a.code ILIKE ${likeContains(q.search)} OR a.name ILIKE ${likeContains(q.search)})` : sql`true`;
  const items = await queryRows<GlAccountRow>(
    db,
    sql`${rowsSql(where)} ORDER BY a.code, a.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM gl_accounts a WHERE ${where}`);
  return { items, total: Number(total) };
}

export async function findById(db: Db, id: number): Promise<GlAccountRow | undefined> {
  const [row] = await queryRows<GlAccountRow>(db, sql`${rowsSql(sql`a.id = ${id}`)}`);
  return row;
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM gl_accounts WHERE code = ${code} AND id IS DISTINCT FROM ${exceptId ?? null}::bigint`);
  return rows.length > 0;
}

export async function insert(db: Db, a: GlAccountCreate): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO gl_accounts (code, name, type, contra) VALUES (${a.code}, ${a.name}, ${a.type}, ${a.contra}) RETURNING id::text AS id`,
  );
  return Number(row.id);
}

export async function update(db: Db, id: number, p: GlAccountUpdate): Promise<void> {
  await db.execute(sql`UPDATE gl_accounts SET code = coalesce(${p.code ?? null}, code), name = coalesce(${p.name ?? null}, name),
                              type = coalesce(${p.type ?? null}, type), contra = coalesce(${p.contra ?? null}::boolean, contra),
                              updated_at = now()
                        WHERE id = ${id}`);
}

/** Locks the account row (edits and deletes of one account run one after the other). */
export async function lock(db: Db, id: number): Promise<boolean> {
  return (await queryRows(db, sql`SELECT 1 FROM gl_accounts WHERE id = ${id} FOR UPDATE`)).length > 0;
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM gl_accounts WHERE id = ${id}`);
}
