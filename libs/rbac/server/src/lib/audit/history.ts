import type { FastifyPluginAsync } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_PATHS,
  HISTORY_KINDS,
  recordHistoryParamsSchema,
  recordHistoryQuerySchema,
  recordHistorySchema,
  type HistoryKind,
} from '@loan/shared-contract';
import { defineRoute, forbidden, inScope, notFound, queryRows, registerRoutes, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from './repository';

/** The audit rows of one record: its own entity (and the older names some domains still write). */
const own = (entities: readonly string[], id: number) =>
  sql`audit_log.entity IN (${sql.join(
    entities.map((e) => sql`${e}`),
    sql`, `,
  )}) AND audit_log.entity_id = ${String(id)}`;

interface Found {
  /** The record's branch; `undefined` for records that belong to no branch (roles). */
  branchId?: number | null;
  /** Which audit rows are its history. */
  where: SQL;
}

const one = async (db: Db, q: SQL) => (await queryRows<{ branch_id: string | null; batch_id?: string | null }>(db, q))[0];
const branch = (v: string | null) => (v === null ? null : Number(v));

/**
 * Finds the record and what its history is. A top-up is an application row of kind
 * `topup`; status changes are written under the kind, the web form and repayments write
 * `loan_application`. A message sent in a batch also shows its batch's row.
 */
const FIND: Record<HistoryKind, (db: Db, id: number) => Promise<Found | null>> = {
  application: async (db, id) => {
    const r = await one(db, sql`SELECT branch_id FROM loan_applications WHERE id = ${id} AND kind = 'application'`);
    return r ? { branchId: branch(r.branch_id), where: own(['application', 'loan_application'], id) } : null;
  },
  topup: async (db, id) => {
    const r = await one(db, sql`SELECT branch_id FROM loan_applications WHERE id = ${id} AND kind = 'topup'`);
    return r ? { branchId: branch(r.branch_id), where: own(['topup', 'loan_application'], id) } : null;
  },
  offer_letter: async (db, id) => {
    const r = await one(db, sql`SELECT la.branch_id FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id WHERE ol.id = ${id}`);
    return r ? { branchId: branch(r.branch_id), where: own(['offer_letter'], id) } : null;
  },
  disbursement: async (db, id) => {
    const r = await one(db, sql`SELECT branch_id FROM disbursements WHERE id = ${id}`);
    return r ? { branchId: branch(r.branch_id), where: own(['disbursement'], id) } : null;
  },
  repayment: async (db, id) => {
    const r = await one(db, sql`SELECT la.branch_id FROM repayments rp LEFT JOIN loan_applications la ON la.id = rp.application_id WHERE rp.id = ${id}`);
    return r ? { branchId: branch(r.branch_id), where: own(['repayment'], id) } : null;
  },
  message: async (db, id) => {
    const r = await one(db, sql`SELECT c.branch_id, m.batch_id FROM messages m LEFT JOIN clients c ON c.id = m.client_id WHERE m.id = ${id}`);
    if (!r) return null;
    const batch = r.batch_id ? sql` OR (audit_log.entity = 'message_batch' AND audit_log.entity_id = ${r.batch_id})` : sql``;
    return { branchId: branch(r.branch_id), where: sql`(${own(['message'], id)})${batch}` };
  },
  user: async (db, id) => {
    const r = await one(db, sql`SELECT branch_id FROM users WHERE id = ${id}`);
    return r ? { branchId: branch(r.branch_id), where: own(['user'], id) } : null;
  },
  role: async (db, id) => {
    const r = await one(db, sql`SELECT NULL::bigint AS branch_id FROM roles WHERE id = ${id}`);
    return r ? { where: own(['role'], id) } : null;
  },
};

/** One record's history: 403 without the permission of its details page, 404 when unknown or outside the user's branch. */
export async function recordHistory(db: Db, scope: BranchScope, kind: HistoryKind, id: number, page: number, pageSize: number) {
  const found = await FIND[kind](db, id);
  if (!found || (found.branchId !== undefined && !inScope(scope, found.branchId))) throw notFound('Record');
  return repo.matchingPage(db, sql`(${found.where})`, page, pageSize);
}

const KIND_PERMISSIONS = [...new Set(Object.values(HISTORY_KINDS).map((k) => k.permission))];

export const historyRoutes = [
  defineRoute({
    method: 'GET',
    url: AUDIT_PATHS.record,
    // Any details page's permission lets the call in; the kind's own one is checked below.
    auth: { anyOf: KIND_PERMISSIONS },
    params: recordHistoryParamsSchema,
    query: recordHistoryQuerySchema,
    response: recordHistorySchema,
    handler: (ctx) => {
      const { kind, id } = ctx.params;
      if (!ctx.can(HISTORY_KINDS[kind].permission)) throw forbidden(`Reading this history needs "${HISTORY_KINDS[kind].permission}".`);
      return recordHistory(ctx.db, ctx.scope, kind, id, ctx.query.page, ctx.query.pageSize);
    },
  }),
];

export const historyModule: FastifyPluginAsync = async (app) => registerRoutes(app, historyRoutes);
