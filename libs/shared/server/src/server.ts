import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { loadConfig, testConfig, type Config } from './config';
import { loadMigrations, migrate, migrationsDir, openDatabase, type Db } from './db';
import { collectMetrics, Metrics, OneLinePerRequest, registerHttpHardening, registerOps, registerWebApps, requestIdGenerator, type PoolStats } from './ops';
import { registerErrorHandling } from './http/errors';
import { registerApiDocs, registerOpenApi } from './http/openapi';
import type { RouteDef } from './http/route';
import { listenForSessionChanges, type Listen } from './http/session-cache';
import { Jobs } from './jobs';
import { CommandRegistry } from './approvals/command';
import { allSinks, DemoInbox, portsFromConfig, registerDeliveryReports, registerDemoInbox, withDelivery, withThrottle, type DeliverySink, type Ports } from './ports';
import './types.d';

export interface ServerOptions {
  /** The database; when absent an in-memory PGlite is opened, migrated, and closed with the app. */
  db?: Db;
  config?: Config;
  ports?: Partial<Ports>;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* (behind a proxy/load balancer). */
  trustProxy?: boolean;
  /** The domain plugins (libs/<domain>/server), registered in this order. */
  modules?: readonly FastifyPluginAsync[];
  /** Folder of the NNNN_name.sql migrations, for the in-memory database. */
  migrationsDir?: string;
  /** Also hands each sent message, secrets in clear, to this sink (tests and the local e2e api only). */
  deliveredTo?: DeliverySink;
  /** The PostgreSQL pool's connections, for /metrics. */
  poolStats?: () => PoolStats;
  /**
   * The database's LISTEN (Database.listen): with it, signed-in sessions are cached in
   * process for a few seconds and dropped on every instance by NOTIFY (http/session-cache.ts).
   * Without it (most tests) every request reads its session from the database.
   */
  listen?: Listen;
  /**
   * Closes the database the caller opened (the api's main): run last when the app closes, after
   * the requests in flight, the job queue and the session listener are done with it.
   */
  closeDatabase?: () => Promise<void>;
}

/**
 * The server plumbing every domain shares (db, config, ports, cookies, errors, the route
 * table the route walk reads), with the given domain plugins. Kept free of listen() so tests
 * use inject(). The api app passes its list of domain plugins; a domain's tests pass theirs.
 */
export async function buildServer(opts: ServerOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? (opts.db ? loadConfig() : testConfig());
  let db = opts.db;
  let closeDb = opts.closeDatabase;
  const listen = opts.listen;
  if (!db) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database, loadMigrations(opts.migrationsDir));
    db = database.db;
    closeDb = () => database.close();
  }

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    // Every log line of a request carries this id; the answer sends it back (X-Request-Id).
    genReqId: requestIdGenerator(opts.trustProxy ?? false),
    requestIdHeader: false,
    // One line per request, when it is answered (ops/logging.ts), instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // Path parameters longer than the router's default 100 characters (a mangled contract
    // link, say) reach the handlers, which answer 404/422, instead of a bare 414.
    routerOptions: { maxParamLength: 2048 },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  // Every SMS and e-mail passes its provider's rate (SMS_RATE_PER_SECOND, EMAIL_RATE_PER_SECOND).
  const ports: Ports = withThrottle({ ...portsFromConfig(db, config), ...opts.ports }, { sms: config.smsRatePerSecond, email: config.emailRatePerSecond });
  // The demo inbox (config.demoInbox: development with the local adapters only) keeps a clear
  // copy of each message in memory for /dev/inbox; the outbox rows stay masked.
  const demoInbox = config.demoInbox ? new DemoInbox() : undefined;
  const delivered = allSinks(opts.deliveredTo, demoInbox?.sink);
  app.decorate('ports', delivered ? withDelivery(ports, delivered) : ports);
  // The job queue: domain plugins register their handlers below; it starts once the app is
  // ready (JOBS=on) and stops, waiting for running jobs, before the app closes.
  const jobs = new Jobs(db, {
    pollingIntervalSeconds: config.jobsPollSeconds,
    onError: (err) => app.log.error({ err }, 'jobs: background error'),
  });
  app.decorate('jobs', jobs);
  app.decorate('commands', new CommandRegistry());
  if (config.jobs) {
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  app.decorate('routeTable', [] as RouteDef[]);
  // Every route Fastify knows, however registered: the route-walk test checks that each
  // one is also in routeTable (registered through registerRoutes, so it declares its auth).
  const fastifyRoutes: string[] = [];
  app.decorate('fastifyRoutes', fastifyRoutes);
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (m !== 'HEAD') fastifyRoutes.push(`${m} ${route.url}`);
  });
  app.decorateRequest('sessionUser', null);
  const stopListening = listen ? await listenForSessionChanges(listen, (line) => app.log.warn(line)) : undefined;
  // The order of app.close() (graceful shutdown, ops/shutdown.ts): preClose hooks (/health/ready
  // turns 503), then Fastify stops accepting and waits for the requests in flight, then the
  // onClose hooks run, LAST REGISTERED FIRST (avvio queues them so): whatever a domain plugin
  // or the api's main registers later (pollers) stops before this one, which registered first
  // stops the job queue (running jobs finish), the session listener, and then closes the
  // database, so nothing meets a closed pool (on PGlite: "PGlite is closed").
  app.addHook('onClose', async () => {
    try {
      await jobs.stop();
    } finally {
      try {
        await stopListening?.();
      } finally {
        await closeDb?.();
      }
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onRequestAbort', async (req) => {
    req.log.info('client disconnected before the answer');
  });
  const metrics = new Metrics();
  collectMetrics(app, metrics);
  await registerHttpHardening(app);
  await app.register(cookie);
  // Before any route: it collects the routes as they are registered, for /api/docs.
  await registerOpenApi(app);
  registerErrorHandling(app);
  const migrations = loadMigrations(opts.migrationsDir ?? migrationsDir()).map((m) => m.name);
  registerOps(app, { migrations, metrics, poolStats: opts.poolStats, jobs });
  registerApiDocs(app);
  registerDeliveryReports(app);
  if (demoInbox) registerDemoInbox(app, demoInbox);
  if (config.webDir) await registerWebApps(app, { dir: config.webDir, borrowerHost: config.borrowerHost });
  for (const mod of opts.modules ?? []) await app.register(mod);
  return app;
}
