import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './lib/auth/routes';
import { rbacModule } from './lib/rbac/routes';
import { startupModule } from './lib/startup/routes';
import { usersModule } from './lib/users/routes';
import { settingsModule } from './lib/settings/routes';
import { historyModule } from './lib/audit/history';

/** Sign-in and sessions, roles and permissions, users and the audit trail, and the start-up lists of the portal. */
export const rbacServer: FastifyPluginAsync = async (app) => {
  await app.register(authModule);
  await app.register(rbacModule);
  await app.register(startupModule);
  await app.register(usersModule);
  await app.register(settingsModule);
  await app.register(historyModule);
};
