import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import type { Listen } from '../http/session-cache';

export type Schema = typeof schema;
/**
 * The one query interface of the api: the common base of the PGlite and the
 * node-postgres drizzle databases. A transaction (`db.transaction(async (tx) => ...)`)
 * is also a `Db`, so repositories take a `Db` and work inside or outside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A single connection for scripts (migrations, bulk seeding): multi-statement SQL allowed. */
export interface Connection {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs fn on one dedicated connection (PGlite has only one). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** PGlite only: a dump of the data folder (see OpenOptions.loadDataDir). */
  dump?: () => Promise<Blob>;
  /**
   * LISTEN on a channel: PGlite in process; PostgreSQL on a dedicated connection (outside the
   * pool) that reconnects after a failure (onDown, then onUp once listening again).
   */
  listen: Listen;
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... : use a real PostgreSQL server through a node-postgres pool. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' (the default when no folder is given). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite only: start from this dump (PGlite's dumpDataDir), e.g. a migrated template. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: told when the server drops a connection (restart, failover,
   * pg_terminate_backend, a proxy's idle timeout). The pool has already discarded the
   * connection and opens a new one for the next query. Default: a line on stderr.
   */
  onConnectionError?: (err: Error) => void;
}

const logConnectionError = (err: Error) =>
  console.error(`database: a pooled connection failed and was discarded (${err.message}); the pool reconnects`);

// numeric and bigint stay strings (exact); int8 counts are parsed by the queries that need numbers.
export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max });
    // Without a listener, an idle connection closed by the server is an unhandled 'error'
    // event and the process exits. The pool removes the broken client itself.
    const onError = opts.onConnectionError ?? logConnectionError;
    pool.on('error', onError);
    // Fail fast with a clear error when the server is unreachable.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      async withConnection(fn) {
        const client = await pool.connect();
        // A checked-out client that loses its connection between queries emits 'error' too.
        client.on('error', onError);
        try {
          return await fn({
            exec: async (text) => {
              await client.query(text);
            },
            query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
          });
        } finally {
          client.off('error', onError);
          client.release();
        }
      },
      listen: (channel, handlers) => listenPg(opts.databaseUrl as string, channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: () => pool.end(),
    };
  }
  // PGlite creates its own folder but not the ones above it (e.g. `.data/` on a fresh clone).
  if (opts.dataDir && !opts.dataDir.includes('://')) mkdirSync(dirname(opts.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir ?? 'memory://', loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    withConnection: (fn) =>
      fn({
        exec: async (text) => {
          await client.exec(text);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      }),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onUp();
      return async () => {
        handlers.onDown();
        await unlisten();
      };
    },
    dump: async () => (await client.dumpDataDir('gzip')) as Blob,
    close: () => client.close(),
  };
}

/** LISTEN on PostgreSQL through its own client; reconnects (every second) until stopped. */
async function listenPg(url: string, channel: string, handlers: Parameters<Listen>[1]): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      handlers.onDown();
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(lost), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onMessage(msg.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${quoted}`);
    } catch (err) {
      lost();
      throw err;
    }
    if (stopped) return;
    handlers.onUp();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      handlers.onDown();
      await c.end().catch(() => undefined);
    }
  };
}
