import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { API, CSRF_COOKIE } from '@loan/shared-contract';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Builds the api server. Kept free of listen() so tests use inject(). */
export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false });
  await app.register(cookie);

  // Sanctum's shape: a readable XSRF-TOKEN cookie the browser echoes as X-XSRF-TOKEN.
  app.get(API.csrfCookie, async (_req, reply) => {
    reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), { path: '/', sameSite: 'lax', httpOnly: false });
    return reply.code(204).send();
  });

  return app;
}
