import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/routes';
import { rbacModule } from './rbac/routes';
import { startupModule } from './startup/routes';
import { dashboardModule } from './dashboard/routes';
import { webModule } from './web/routes';
import { offerLettersModule } from './offer-letters/routes';
import { loansModule } from './loans/routes';

/**
 * Every domain module of the api, registered in this order by buildApp. A module is a
 * Fastify plugin calling registerRoutes(app, [...defineRoute(...)]). Add yours with ONE line.
 */
export const modules: FastifyPluginAsync[] = [
  authModule,
  rbacModule,
  startupModule,
  dashboardModule,
  webModule,
  offerLettersModule,
  loansModule,
];
