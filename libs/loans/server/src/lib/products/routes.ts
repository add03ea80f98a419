import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  LOAN_PRODUCTS_PATHS,
  P,
  idParamsSchema,
  loanProductChangeSchema,
  loanProductDetailsSchema,
  loanProductListSchema,
  loanProductPreviewBodySchema,
  loanProductPreviewSchema,
  loanProductSaveBodySchema,
} from '@loan/shared-contract';
import { defineRoute, queryRows, registerRoutes, type Db } from '@loan/shared-server';
import {
  createProduct,
  deactivateProduct,
  getProduct,
  listProducts,
  previewTerms,
  setDefaultProduct,
  updateProduct,
} from '@loan/loans-account';

const today = async (db: Db) => (await queryRows<{ d: string }>(db, sql`SELECT business_today()::text AS d`))[0]?.d ?? '';

/**
 * /settings/loan-products (NOTES.md "Loan products and loan accounts"): read with
 * `view settngs manager module`, change with `can edit settings`. HTTP only: the rules live
 * in the loan account (@loan/loans-account products).
 */
export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: LOAN_PRODUCTS_PATHS.list,
    auth: P.viewSettingsModule,
    response: loanProductListSchema,
    handler: async ({ db }) => ({ data: await listProducts(db) }),
  }),
  defineRoute({
    method: 'GET',
    url: LOAN_PRODUCTS_PATHS.byId,
    auth: P.viewSettingsModule,
    params: idParamsSchema,
    response: loanProductDetailsSchema,
    handler: ({ db, params }) => getProduct(db, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_PRODUCTS_PATHS.preview,
    auth: P.viewSettingsModule,
    body: loanProductPreviewBodySchema,
    response: loanProductPreviewSchema,
    handler: async ({ db, body }) => previewTerms(body, await today(db)),
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_PRODUCTS_PATHS.create,
    auth: P.editSettings,
    body: loanProductSaveBodySchema,
    response: loanProductChangeSchema,
    handler: async (ctx) => {
      const data = await createProduct(ctx.db, ctx.auditActor, ctx.body);
      return ctx.reply.code(201).send({ message: 'Loan product added.', data });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: LOAN_PRODUCTS_PATHS.update,
    auth: P.editSettings,
    params: idParamsSchema,
    body: loanProductSaveBodySchema,
    response: loanProductChangeSchema,
    handler: async (ctx) => ({ message: 'Loan product saved.', data: await updateProduct(ctx.db, ctx.auditActor, ctx.params.id, ctx.body) }),
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_PRODUCTS_PATHS.deactivate,
    auth: P.editSettings,
    params: idParamsSchema,
    response: loanProductChangeSchema,
    handler: async (ctx) => ({ message: 'Loan product deactivated.', data: await deactivateProduct(ctx.db, ctx.auditActor, ctx.params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_PRODUCTS_PATHS.setDefault,
    auth: P.editSettings,
    params: idParamsSchema,
    response: loanProductChangeSchema,
    handler: async (ctx) => ({ message: 'Default loan product set.', data: await setDefaultProduct(ctx.db, ctx.auditActor, ctx.params.id) }),
  }),
];

export const productsModule: FastifyPluginAsync = async (app) => registerRoutes(app, productRoutes);
