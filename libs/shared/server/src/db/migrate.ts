import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '@loan/shared-contract';
import type { Connection, Database } from './database';

const NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Any constant: serialises migrations of several api instances starting together on PostgreSQL.
const LOCK_KEY = 727_001;

export interface Migration {
  name: string;
  sql: string;
}

/**
 * The api app owns the one migrations folder (apps/api/src/db/migrations; one database,
 * one order). The built api passes its copy explicitly; sources and tests find it from the
 * workspace root, so a domain lib's tests migrate the same schema. MIGRATIONS_DIR overrides.
 */
export function migrationsDir(): string {
  const candidates: string[] = [];
  if (process.env['MIGRATIONS_DIR']) candidates.push(process.env['MIGRATIONS_DIR']);
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'apps/api/src/db/migrations'));
    if (path.dirname(dir) === dir) break;
  }
  candidates.push(path.join(process.cwd(), 'apps/api/src/db/migrations'));
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new Error(`migrations folder not found (set MIGRATIONS_DIR); looked in ${candidates.join(', ')}`);
  return found;
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  const names = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  for (const n of names) if (!NAME.test(n)) throw new Error(`bad migration file name '${n}' (want NNNN_name.sql)`);
  const numbers = names.map((n) => n.slice(0, 4));
  const dup = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (dup) throw new Error(`two migrations share the number ${dup}`);
  return names.sort().map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

async function applyOne(conn: Connection, m: Migration): Promise<void> {
  await conn.exec('BEGIN');
  try {
    await conn.exec(m.sql);
    await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
    await conn.exec('COMMIT');
  } catch (err) {
    await conn.exec('ROLLBACK');
    throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Applies every migration not yet recorded in schema_migrations, in name order, each
 * in its own transaction, then makes sure the permission catalog of the contract is in
 * the permissions table. Returns the names applied.
 */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  return database.withConnection(async (conn) => {
    if (database.driver === 'pg') await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await conn.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set((await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await applyOne(conn, m);
        applied.push(m.name);
      }
      await syncPermissionCatalog(conn);
      return applied;
    } finally {
      if (database.driver === 'pg') await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}

/** Inserts catalog names missing from the permissions table (names are never renamed here). */
async function syncPermissionCatalog(conn: Connection): Promise<void> {
  const groupOf = new Map<string, string>();
  for (const [group, names] of Object.entries(PERMISSION_GROUPS)) for (const n of names) groupOf.set(n, group);
  const names = [...ALL_PERMISSIONS];
  await conn.query(
    `INSERT INTO permissions (name, group_name)
     SELECT n, g FROM unnest($1::text[], $2::text[]) AS t(n, g)
     ON CONFLICT (name) DO NOTHING`,
    [names, names.map((n) => groupOf.get(n) ?? '')],
  );
}
