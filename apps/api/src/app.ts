import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { loadConfig, testConfig, type Config } from './config';
import { migrate, openDatabase, type Db } from './db';
import { registerErrorHandling } from './http/errors';
import type { RouteDef } from './http/route';
import { outboxPorts, type Ports } from './ports';
import { modules } from './modules';
import './types.d';

export interface AppOptions {
  /** The database; when absent an in-memory PGlite is opened, migrated, and closed with the app. */
  db?: Db;
  config?: Config;
  ports?: Partial<Ports>;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* (behind a proxy/load balancer). */
  trustProxy?: boolean;
}

/** Builds the api server. Kept free of listen() so tests use inject(). */
export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? (opts.db ? loadConfig() : testConfig());
  let db = opts.db;
  let closeDb: (() => Promise<void>) | undefined;
  if (!db) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database);
    db = database.db;
    closeDb = () => database.close();
  }

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    // Path parameters longer than the router's default 100 characters (a mangled contract
    // link, say) reach the handlers, which answer 404/422, instead of a bare 414.
    routerOptions: { maxParamLength: 2048 },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('ports', { ...outboxPorts(db), ...opts.ports });
  app.decorate('routeTable', [] as RouteDef[]);
  // Every route Fastify knows, however registered: the route-walk test checks that each
  // one is also in routeTable (registered through registerRoutes, so it declares its auth).
  const fastifyRoutes: string[] = [];
  app.decorate('fastifyRoutes', fastifyRoutes);
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (m !== 'HEAD') fastifyRoutes.push(`${m} ${route.url}`);
  });
  app.decorateRequest('sessionUser', null);
  if (closeDb) app.addHook('onClose', closeDb);

  await app.register(cookie);
  registerErrorHandling(app);
  for (const mod of modules) await app.register(mod);
  return app;
}
