import type { Db } from './db';
import type { Config } from './config';
import type { Ports } from './ports';
import type { Jobs } from './jobs';
import type { CommandRegistry } from './approvals/command';
import type { RouteDef } from './http/route';
import type { SessionUser } from './http/session';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    ports: Ports;
    /** The background job queue (pg-boss): register handlers in a plugin, send from routes. */
    jobs: Jobs;
    /** The checkable commands (maker-checker): a domain registers its own while its plugin registers. */
    commands: CommandRegistry;
    /** Every route registered through registerRoutes (the route-walk test reads it). */
    routeTable: RouteDef[];
    /** 'METHOD url' of every route Fastify registered (HEAD excluded). */
    fastifyRoutes: string[];
  }
  interface FastifyRequest {
    /** Set by the route's onRequest hook on non-public routes. */
    sessionUser: SessionUser | null;
  }
}
