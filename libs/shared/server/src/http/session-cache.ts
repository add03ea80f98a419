import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { SessionUser } from './session';

/**
 * A short-lived in-process cache of signed-in sessions (per-request cost: the session query
 * is the most frequent query of the api). Correctness comes from invalidation, not from the
 * lifetime: every change that can end or alter a session sends a PostgreSQL NOTIFY on
 * SESSION_CHANNEL (triggers of migration 0920 on sessions, users, role_permissions,
 * permissions and branches, so no code path can forget it), delivered at commit to every
 * api instance's listener, which drops the matching entries. The cache only serves while a
 * listener is connected; when its connection drops, everything is dropped and each request
 * reads the database again until it is back. On PGlite the same NOTIFY reaches the
 * in-process listener (one instance by nature).
 *
 * Messages: `h:<session hash>`, `u:<user id>`, `r:<role id>`, `*` (everything).
 */
export const SESSION_CHANNEL = 'loan_sessions';
/** The longest a cached session is served without a database read (idle/maximum age checks then). */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

export type SessionTarget = { sessionHash: string } | { userId: number } | { roleId: number } | 'all';

export function sessionMessage(target: SessionTarget): string {
  if (target === 'all') return '*';
  if ('sessionHash' in target) return `h:${target.sessionHash}`;
  if ('userId' in target) return `u:${target.userId}`;
  return `r:${target.roleId}`;
}

class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private listeners = 0;
  /** Bumped by every drop: a read that started before a drop must not cache what it read. */
  generation = 0;

  get enabled(): boolean {
    return this.listeners > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(hash: string, now = Date.now()): SessionUser | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.until <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return e.user;
  }

  /** Caches a session read from the database, unless a drop happened since the read began. */
  set(hash: string, user: SessionUser, readGeneration: number, now = Date.now()): void {
    if (!this.enabled || readGeneration !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { user, until: now + SESSION_CACHE_TTL_MS });
  }

  /** Applies one message (see SESSION_CHANNEL). */
  drop(message: string): void {
    this.generation += 1;
    const [kind, value] = [message.slice(0, 1), message.slice(2)];
    if (kind === 'h') {
      this.entries.delete(value);
      return;
    }
    if (kind === 'u' || kind === 'r') {
      const id = Number(value);
      for (const [hash, e] of this.entries) {
        if ((kind === 'u' ? e.user.id : e.user.roleId) === id) this.entries.delete(hash);
      }
      return;
    }
    this.entries.clear();
  }

  listenerUp(): void {
    this.listeners += 1;
  }

  listenerDown(): void {
    this.listeners = Math.max(0, this.listeners - 1);
    this.drop('*');
  }
}

/** The process's session cache (entries are keyed by a random session's hash, so apps sharing a process cannot mix them up). */
export const sessionCache = new SessionCache();

/**
 * Ends what the cache holds for a session, a user or a role's users on every api instance,
 * at the commit of `db`'s transaction (or at once outside one). The triggers of migration
 * 0920 already do this for every write to sessions, users, role_permissions, permissions
 * and branches; call it for a change they do not see.
 */
export async function invalidateSessions(db: Db, target: SessionTarget): Promise<void> {
  const message = sessionMessage(target);
  sessionCache.drop(message);
  await db.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${message})`);
}

/** What Database.listen tells its subscriber. */
export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** The listener is connected (again): messages from now on arrive. */
  onUp(): void;
  /** The listener lost its connection: messages may be missed until onUp. */
  onDown(): void;
}

export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;

/** Connects the session cache to the database's notifications; returns the stop function. */
export async function listenForSessionChanges(listen: Listen, log: (line: string) => void = () => undefined): Promise<() => Promise<void>> {
  let up = false;
  const stop = await listen(SESSION_CHANNEL, {
    onMessage: (payload) => sessionCache.drop(payload),
    onUp: () => {
      if (up) return;
      up = true;
      sessionCache.listenerUp();
    },
    onDown: () => {
      if (!up) return;
      up = false;
      sessionCache.listenerDown();
      log('session cache: the notification listener lost its connection; sessions are read from the database until it is back');
    },
  });
  return async () => {
    if (up) {
      up = false;
      sessionCache.listenerDown();
    }
    await stop();
  };
}
