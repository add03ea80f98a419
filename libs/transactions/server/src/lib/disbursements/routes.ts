import { DISBURSEMENTS_PATHS, idParamsSchema, disbursementListQuerySchema, disbursementListSchema, disbursementSchema, P } from '@loan/shared-contract';
import { defineRoute } from '@loan/shared-server';
import * as service from './service';

/** The disbursement routes of the transactions domain. */
export const disbursementRoutes = [
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.list,
    auth: P.viewAllDisbursements,
    query: disbursementListQuerySchema,
    response: disbursementListSchema,
    handler: ({ db, scope, query }) => service.listDisbursements(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.byId,
    auth: P.viewAllDisbursements,
    params: idParamsSchema,
    response: disbursementSchema,
    handler: ({ db, scope, params }) => service.disbursementById(db, scope, params.id),
  }),
];

