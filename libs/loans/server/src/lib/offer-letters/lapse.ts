import type { FastifyInstance } from 'fastify';
import * as repo from './repository';

/**
 * Pending offer letters past their validity lapse (status expired, reason lapsed) once a
 * minute, one run across every api instance. Reading never writes: until the job runs, lists,
 * details and the dashboard already show such a letter as expired (the repository's rule).
 */
export const LAPSE_JOB = 'loans.offer-letters-lapse';

export function registerLapseJob(app: FastifyInstance): void {
  app.jobs.register(LAPSE_JOB, async () => ({ lapsed: await repo.expireOverdue(app.db) }), { schedule: '* * * * *', expireInSeconds: 60 });
}
