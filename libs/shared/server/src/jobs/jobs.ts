import PgBoss from 'pg-boss';
import { createHash } from 'node:crypto';
import { BUSINESS_TIME_ZONE } from '@loan/shared-util-format';
import type { Db } from '../db';

/**
 * What pg-boss needs of a database: one method. Queries with values go to the driver's
 * parameterised query; pg-boss' migrations are multi-statement strings without values,
 * which PGlite runs only through exec() (node-postgres runs them through the simple
 * query protocol of query(text)).
 */
export interface JobsConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?: (text: string) => Promise<Array<{ rows: unknown[] }>>;
}

function adapt(client: RawClient): JobsConnection {
  return {
    async executeSql(text, values) {
      if (values && values.length) return { rows: (await client.query(text, values)).rows };
      if (client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await client.query(text)).rows ?? [] };
    },
  };
}

/** Runs `fn` again (up to 5 times, after a short random pause) when another instance's same
 * declaration got in its way: a deadlock or a unique violation. */
export async function retryConcurrent<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (i >= attempts || (code !== '40P01' && code !== '23505')) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * i));
    }
  }
}

/**
 * The driver client under a drizzle database or transaction (a PGlite instance or
 * transaction, a node-postgres pool or pooled client), so pg-boss uses the api's own
 * connection: one PGlite, or the same pool, and inside a transaction the same one.
 */
export function jobsConnection(db: Db): JobsConnection {
  const d = db as unknown as { $client?: RawClient; session?: { client?: RawClient } };
  const client = d.session?.client ?? d.$client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: the database has no driver client');
  return adapt(client);
}

export interface JobContext<T> {
  /** pg-boss' job id. */
  id: string;
  name: string;
  data: T;
  /** How many times it was tried before this run. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

export interface RegisterOptions {
  /** Jobs of this queue run at the same time in one process (default 1). */
  teamSize?: number;
  /** A cron expression (business time, Africa/Lusaka): one job per match, across every api instance. */
  schedule?: string;
  /** Data of the scheduled jobs. */
  scheduleData?: object;
  /** Tries after the first failure (default 3), spaced by retryDelay seconds (doubling). */
  retryLimit?: number;
  retryDelay?: number;
  /** A job running longer than this is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
}

export interface SendOptions {
  /**
   * At most one job of this queue with this key ever (within the archive's retention):
   * sending it again, from any instance, answers null and changes nothing.
   */
  singletonKey?: string;
  /** Not before this time / this many seconds from now. */
  startAfter?: Date | number;
  /** Enqueue within this transaction: the job exists only if the transaction commits. */
  db?: Db;
  priority?: number;
}

export interface JobsOptions {
  /** Seconds between polls of an idle worker (pg-boss' minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Longest wait for running jobs at stop(). */
  stopTimeoutMs?: number;
  /** Told of errors pg-boss meets in the background (a failed poll, maintenance). */
  onError?: (err: Error) => void;
  /** Time zone of the schedules. */
  timeZone?: string;
}

export type JobsState = 'off' | 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

export interface QueueDepth {
  name: string;
  /** Waiting (created or retry). */
  queued: number;
  active: number;
  failed: number;
}

interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  opts: RegisterOptions;
}

const NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

/** A job id derived from the queue and the singleton key (pg-boss' key is (name, id)). */
function singletonId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // A UUID (version 8, "custom") of the hash's first 128 bits.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The background job queue of the api, on pg-boss over the api's own database (PGlite or
 * PostgreSQL). Domains register handlers while their plugin registers
 * (`app.jobs.register(...)`); the server starts the queue when the app is ready and stops
 * it when the app closes, waiting for running jobs. Jobs are rows: they survive a restart,
 * and every instance on the same PostgreSQL shares them (each job runs on one worker).
 */
export class Jobs {
  private boss: PgBoss | undefined;
  private readonly registrations = new Map<string, Registration>();
  private stateValue: JobsState = 'off';
  private lastError: string | undefined;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly options: JobsOptions = {},
  ) {}

  get state(): JobsState {
    return this.stateValue;
  }

  /** For /health/ready: 'ok' while running, else why not. */
  health(): { ok: boolean; status: string } {
    if (this.stateValue === 'running') return { ok: true, status: 'ok' };
    if (this.stateValue === 'off') return { ok: true, status: 'off' };
    return { ok: false, status: this.lastError ? `${this.stateValue}: ${this.lastError}` : this.stateValue };
  }

  /** Names of the registered queues. */
  get names(): string[] {
    return [...this.registrations.keys()];
  }

  /** Declares a queue and its handler; before start() (while the plugins register). */
  register<T>(name: string, handler: JobHandler<T>, opts: RegisterOptions = {}): void {
    if (!NAME.test(name)) throw new Error(`jobs: bad queue name '${name}'`);
    if (this.registrations.has(name)) throw new Error(`jobs: queue '${name}' registered twice`);
    if (this.stateValue !== 'off' && this.stateValue !== 'stopped') throw new Error(`jobs: register '${name}' before start()`);
    this.registrations.set(name, { name, handler: handler as JobHandler<unknown>, opts });
  }

  /**
   * Creates pg-boss' tables (first time), the queues and the schedules; with `work` (the
   * default) also starts the workers. An instance that only sends passes work: false.
   */
  async start({ work = true }: { work?: boolean } = {}): Promise<void> {
    // Instances starting together on a new database race to create pg-boss' schema (23505):
    // the loser starts again and finds it there.
    await retryConcurrent(() => this.startOnce(work));
  }

  private async startOnce(work: boolean): Promise<void> {
    if (this.boss) return;
    this.stateValue = 'starting';
    const boss = new PgBoss({
      db: jobsConnection(this.db) as PgBoss.Db,
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      schedule: work,
    });
    boss.on('error', (err: Error) => {
      this.lastError = err.message;
      this.options.onError?.(err);
    });
    try {
      await boss.start();
      for (const r of this.registrations.values()) {
        const queue = {
          name: r.name,
          retryLimit: r.opts.retryLimit ?? 3,
          retryDelay: r.opts.retryDelay ?? 10,
          retryBackoff: true,
          expireInSeconds: r.opts.expireInSeconds ?? 15 * 60,
        };
        // Instances starting together declare the same queues at once: PostgreSQL may end one
        // of them as a deadlock (40P01) or a duplicate (23505). Ask again: the queue is there then.
        await retryConcurrent(async () => {
          if (await boss.getQueue(r.name)) await boss.updateQueue(r.name, queue);
          else await boss.createQueue(r.name, queue);
        });
      }
      this.boss = boss;
      if (work) {
        for (const r of this.registrations.values()) {
          const teamSize = Math.max(1, r.opts.teamSize ?? 1);
          for (let i = 0; i < teamSize; i += 1) {
            await boss.work(
              r.name,
              { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
              async ([job]) => this.track(r.handler({ id: job.id, name: job.name, data: job.data, retryCount: 0 })),
            );
          }
          if (r.opts.schedule) {
            const cron = r.opts.schedule;
            await retryConcurrent(() => boss.schedule(r.name, cron, r.opts.scheduleData ?? {}, { tz: this.options.timeZone ?? BUSINESS_TIME_ZONE }));
          }
        }
      }
      this.stateValue = 'running';
      this.lastError = undefined;
    } catch (err) {
      this.stateValue = 'failed';
      this.lastError = (err as Error).message;
      this.boss = undefined;
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw err;
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    const done = () => this.running.delete(p);
    p.then(done, done);
    return p;
  }

  /** Jobs running in this process now. */
  get runningCount(): number {
    return this.running.size;
  }

  /**
   * Enqueues a job; answers its id, or null when a singleton with that key exists already.
   * Works whenever the queue is started (workers or not).
   */
  async send(name: string, data: object = {}, opts: SendOptions = {}): Promise<string | null> {
    const boss = this.requireBoss(name);
    const options: PgBoss.SendOptions = {};
    if (opts.singletonKey) options.id = singletonId(name, opts.singletonKey);
    if (opts.startAfter !== undefined) options.startAfter = opts.startAfter;
    if (opts.priority !== undefined) options.priority = opts.priority;
    if (opts.db) options.db = jobsConnection(opts.db) as PgBoss.Db;
    return boss.send(name, data, options);
  }

  /** Enqueues many jobs in one statement (pg-boss insert); singleton keys as in send(). */
  async sendMany(name: string, items: ReadonlyArray<{ data: object; singletonKey?: string }>, opts: Pick<SendOptions, 'db'> = {}): Promise<void> {
    const boss = this.requireBoss(name);
    const jobs = items.map((i) => ({ name, data: i.data, ...(i.singletonKey ? { id: singletonId(name, i.singletonKey) } : {}) }));
    await boss.insert(jobs, opts.db ? { db: jobsConnection(opts.db) as PgBoss.Db } : {});
  }

  private requireBoss(name: string): PgBoss {
    if (!this.registrations.has(name)) throw new Error(`jobs: no queue '${name}' is registered`);
    if (!this.boss) throw new Error(`jobs: the queue is not started (JOBS=off?); cannot send '${name}'`);
    return this.boss;
  }

  /** Waiting, active and failed jobs per registered queue (for /metrics). */
  async depth(): Promise<QueueDepth[]> {
    const names = this.names;
    if (!this.boss || names.length === 0) return names.map((name) => ({ name, queued: 0, active: 0, failed: 0 }));
    const { rows } = await jobsConnection(this.db).executeSql(
      `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created','retry','active','failed') GROUP BY 1, 2`,
      [names],
    );
    const by = new Map(names.map((name) => [name, { name, queued: 0, active: 0, failed: 0 }]));
    for (const r of rows as Array<{ name: string; state: string; n: number }>) {
      const d = by.get(r.name);
      if (!d) continue;
      if (r.state === 'active') d.active += Number(r.n);
      else if (r.state === 'failed') d.failed += Number(r.n);
      else d.queued += Number(r.n);
    }
    return [...by.values()];
  }

  /**
   * Stops polling and waits for the jobs running in this process (up to stopTimeoutMs);
   * a job still running then is failed, and retried by whichever instance runs next.
   */
  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.stateValue = 'stopping';
    const timeout = this.options.stopTimeoutMs ?? 20_000;
    // Graceful: the workers stop fetching, running handlers finish (up to the timeout, after
    // which pg-boss fails them so they are retried), then it resolves.
    await boss.stop({ graceful: true, wait: true, close: false, timeout });
    this.boss = undefined;
    this.stateValue = 'stopped';
  }
}
