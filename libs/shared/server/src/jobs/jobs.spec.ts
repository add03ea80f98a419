import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createTestDatabase, type TestDatabase } from '../testing/harness';
import { testDriver } from '../testing/urls';
import { openDatabase } from '../db';
import { Jobs } from './jobs';

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fast = { pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 };

describe(`jobs (pg-boss over ${testDriver()})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('none');
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a sent job with its data, and refuses unknown queues and sends before start', async () => {
    const jobs = new Jobs(t.database.db, fast);
    const seen: unknown[] = [];
    jobs.register<{ n: number }>('test.echo', async (job) => {
      seen.push(job.data);
    });
    await expect(jobs.send('test.echo', { n: 0 })).rejects.toThrow(/not started/);
    await jobs.start();
    expect(jobs.health()).toEqual({ ok: true, status: 'ok' });
    await expect(jobs.send('test.nope', {})).rejects.toThrow(/no queue/);
    expect(await jobs.send('test.echo', { n: 1 })).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
    await jobs.stop();
    expect(jobs.state).toBe('stopped');
  });

  it('a job sent before a restart runs after it (the job is a row)', async () => {
    const before = new Jobs(t.database.db, fast);
    before.register('test.survive', async () => {
      throw new Error('never runs here');
    });
    // Sends only: the "process" dies before any worker takes it.
    await before.start({ work: false });
    await before.send('test.survive', { who: 'after restart' });
    await before.stop();

    // PGlite: a real restart of the embedded database from its files (dump and load).
    let db = t.database.db;
    let reopened: Awaited<ReturnType<typeof openDatabase>> | undefined;
    if (t.database.dump) {
      reopened = await openDatabase({ dataDir: 'memory://', loadDataDir: await t.database.dump() });
      db = reopened.db;
    }
    const after = new Jobs(db, fast);
    const seen: unknown[] = [];
    after.register('test.survive', async (job) => {
      seen.push(job.data);
    });
    await after.start();
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ who: 'after restart' }]);
    await after.stop();
    await reopened?.close();
  });

  it('a singleton job runs once with two workers (two instances on one database)', async () => {
    let runs = 0;
    const instances = [new Jobs(t.database.db, fast), new Jobs(t.database.db, fast)];
    for (const j of instances) {
      j.register(
        'test.single',
        async () => {
          runs += 1;
          await new Promise((r) => setTimeout(r, 200));
        },
        { teamSize: 2 },
      );
      await j.start();
    }
    const ids = await Promise.all([
      instances[0].send('test.single', { batch: 7 }, { singletonKey: 'batch-7' }),
      instances[1].send('test.single', { batch: 7 }, { singletonKey: 'batch-7' }),
      instances[1].send('test.single', { batch: 7 }, { singletonKey: 'batch-7' }),
    ]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    await until(() => runs >= 1);
    // Another poll round for both instances: nothing more to run.
    await new Promise((r) => setTimeout(r, 1500));
    // Sent again after it ran: still once.
    expect(await instances[0].send('test.single', { batch: 7 }, { singletonKey: 'batch-7' })).toBeNull();
    expect(runs).toBe(1);
    for (const j of instances) await j.stop();
  });

  it('stop() waits for a running job to finish', async () => {
    const jobs = new Jobs(t.database.db, fast);
    let started = false;
    let finished = false;
    jobs.register('test.slow', async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 800));
      finished = true;
    });
    await jobs.start();
    await jobs.send('test.slow', {});
    await until(() => started);
    await jobs.stop();
    expect(finished).toBe(true);
  });

  it('a job sent in a transaction that rolls back does not exist', async () => {
    const jobs = new Jobs(t.database.db, fast);
    jobs.register('test.tx', async () => undefined);
    await jobs.start({ work: false });
    await t.database.db
      .transaction(async (tx) => {
        await jobs.send('test.tx', { n: 1 }, { db: tx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await jobs.sendMany('test.tx', [{ data: { n: 2 } }, { data: { n: 3 } }], { db: tx });
    });
    expect(await jobs.depth()).toEqual([{ name: 'test.tx', queued: 2, active: 0, failed: 0 }]);
    const rows = await t.database.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'test.tx' ORDER BY data->>'n'`);
    expect((rows as unknown as { rows: Array<{ data: unknown }> }).rows.map((r) => r.data)).toEqual([{ n: 2 }, { n: 3 }]);
    await jobs.stop();
  });
});

describe('jobs in the api (JOBS=on)', () => {
  it('start with the app, show in /health/ready and /metrics, stop with it', async () => {
    const ran: unknown[] = [];
    const mod = async (app: FastifyInstance) => {
      app.jobs.register('test.app', async (job) => {
        ran.push(job.data);
      });
    };
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ seed: 'none', config: { jobs: true, metricsToken: token }, modules: [mod] });
    try {
      expect(t.app.jobs.state).toBe('running');
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
      await t.app.jobs.send('test.app', { hello: 1 });
      await until(() => ran.length === 1);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(metrics.body).toContain('jobs_queue_depth{queue="test.app",state="queued"} 0');
    } finally {
      await t.close();
    }
    expect(t.app.jobs.state).toBe('stopped');
  });
});
