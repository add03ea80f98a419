import { createTestApp as createServer, type TestApp, type TestAppOptions } from '@loan/shared-server/testing';
import { modules } from '../modules';

/** The whole api (every domain plugin) on a fresh test database. */
export function createTestApp(opts: Omit<TestAppOptions, 'modules'> = {}): Promise<TestApp> {
  return createServer({ ...opts, modules });
}
