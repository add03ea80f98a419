import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { narrowToScope, type BranchScope } from './list';
import { queryRows } from './sql';

/**
 * A `branch` filter as lists, reports and figures take it (spec §5: an id, a name or a
 * code, case ignored), narrowed to the user's scope: `undefined` = every branch the scope
 * allows, a number = that branch, `null` = nothing (unknown, or outside the scope).
 */
export async function resolveBranchFilter(db: Db, ref: string | undefined, scope: BranchScope): Promise<number | undefined | null> {
  if (ref === undefined) return narrowToScope(scope, undefined);
  const cond = /^\d{1,15}$/.test(ref) ? sql`id = ${Number(ref)}` : sql`lower(name) = ${ref.toLowerCase()} OR lower(code) = ${ref.toLowerCase()}`;
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM branches WHERE ${cond} ORDER BY id LIMIT 1`);
  return narrowToScope(scope, row ? Number(row.id) : null);
}
