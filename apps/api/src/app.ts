import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '@loan/shared-server';
import { modules } from './modules';

export type AppOptions = Omit<ServerOptions, 'modules'>;

/** The migrations of the one database, beside this file in the sources and in the build. */
export const MIGRATIONS_DIR = path.join(__dirname, 'db', 'migrations');

/** The api: the shared server plumbing with every domain plugin. Kept free of listen(). */
export function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  return buildServer({ migrationsDir: MIGRATIONS_DIR, ...opts, modules });
}
