import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db';
import { defineRoute, registerRoutes } from '../http/route';
import { HttpError } from '../http/errors';
import type { Metrics, PoolStats } from './metrics';
import type { Jobs } from '../jobs';

export interface OpsOptions {
  /** Names of the migrations this build carries; ready only when all are applied. */
  migrations: readonly string[];
  metrics: Metrics;
  poolStats?: () => PoolStats;
  /** The job queue: its state in /health/ready, its depth in /metrics. */
  jobs?: Jobs;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * Operations endpoints, for load balancers and monitoring rather than people:
 * - GET /health/live: the process answers (restart it when this fails);
 * - GET /health/ready: the database answers and every migration of this build is applied;
 *   503 while shutting down, so a load balancer stops sending before the pool closes;
 * - GET /metrics: Prometheus text, only with METRICS_TOKEN set and sent as a Bearer token.
 */
export function registerOps(app: FastifyInstance, opts: OpsOptions): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/health/live',
      response: z.object({ status: z.literal('ok') }).strict(),
      auth: 'public',
      handler: () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'GET',
      url: '/health/ready',
      response: z.object({ status: z.enum(['ready', 'not ready']), checks: z.record(z.string(), z.string()) }).strict(),
      auth: 'public',
      handler: async ({ db, req, reply }) => {
        const checks: Record<string, string> = {};
        let ok = !closing;
        if (closing) checks['server'] = 'shutting down';
        try {
          const applied = new Set((await queryRows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
          checks['database'] = 'ok';
          const missing = opts.migrations.filter((m) => !applied.has(m));
          checks['migrations'] = missing.length ? `${missing.length} not applied` : 'ok';
          if (missing.length) ok = false;
        } catch (err) {
          req.log.warn({ err }, 'readiness: database check failed');
          checks['database'] = 'unreachable';
          ok = false;
        }
        // Only where this instance runs the queue (JOBS=on).
        if (opts.jobs && opts.jobs.state !== 'off') {
          const jobs = opts.jobs.health();
          checks['jobs'] = jobs.status;
          if (!jobs.ok) ok = false;
        }
        return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/metrics',
      // Prometheus text, not JSON.
      response: null,
      auth: 'public',
      handler: async ({ req, reply, config }) => {
        // Off unless configured: the figures describe the system to whoever can read them.
        if (!config.metricsToken) throw new HttpError(404, `The route GET /metrics could not be found.`);
        if (!tokenMatches(req.headers.authorization, config.metricsToken)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
        }
        let queues: Awaited<ReturnType<Jobs['depth']>> | undefined;
        try {
          queues = opts.jobs ? await opts.jobs.depth() : undefined;
        } catch (err) {
          req.log.warn({ err }, 'metrics: job queue depth unavailable');
        }
        return reply.type('text/plain; version=0.0.4; charset=utf-8').send(opts.metrics.render(opts.poolStats?.(), queues));
      },
    }),
  ]);
}
