import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  FLAT_RATE_SETTING_KEY,
  LOAN_PRODUCT_SETTING,
  P,
  SETTINGS_PATHS,
  branchSaveBodySchema,
  branchSchema,
  loanProductBodySchema,
  loanProductSchema,
} from '@loan/shared-contract';
import { z } from 'zod';
import { saveDefaultFromSetting } from '@loan/loans-account';
import { conflict, defineRoute, invalid, notFound, queryRows, readLoanProduct, recordAudit, registerRoutes, type Db } from '@loan/shared-server';

const changeSchema = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data }).strict();

async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.execute(
    sql`INSERT INTO settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
  );
}

/** The loan product as the settings screen shows it (the shared reader every domain uses; validity falls back to OFFER_VALID_DAYS). */
export const loanProduct = (db: Db, config?: { offerValidDays: number }) => readLoanProduct(db, { offerValidDays: config?.offerValidDays });

/** Branches and the loan product (issue 16; `can edit settings`). */
export const settingsRoutes = [
  defineRoute({
    method: 'GET',
    url: SETTINGS_PATHS.loanProduct,
    auth: P.editSettings,
    response: loanProductSchema,
    handler: ({ db, config }) => loanProduct(db, config),
  }),
  defineRoute({
    method: 'PUT',
    url: SETTINGS_PATHS.loanProduct,
    auth: P.editSettings,
    body: loanProductBodySchema,
    response: changeSchema(loanProductSchema),
    handler: async (ctx) => {
      const data = await ctx.db.transaction(async (tx) => {
        // One writer at a time: the terms version must not be taken twice.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('settings:loan-product'))`);
        const current = await loanProduct(tx, ctx.config);
        const b = ctx.body;
        const termsChanged = b.terms_conditions !== current.terms_conditions;
        const next = {
          min_amount: b.min_amount,
          max_amount: b.max_amount,
          min_tenure: b.min_tenure,
          max_tenure: b.max_tenure,
          processing_fee_percent: Number(b.processing_fee_percent).toFixed(2),
          offer_valid_days: b.offer_valid_days,
          terms_conditions: b.terms_conditions,
          terms_version: current.terms_version + (termsChanged ? 1 : 0),
        };
        await writeSetting(tx, LOAN_PRODUCT_SETTING, next);
        // Every version of the terms stays readable (a letter also keeps its own copy).
        if (termsChanged) await writeSetting(tx, `loan.terms.v${next.terms_version}`, b.terms_conditions);
        await writeSetting(tx, FLAT_RATE_SETTING_KEY, Number(b.flat_rate_percent).toFixed(2));
        // The setting is the default loan product's view and edit (NOTES.md "Loan products and
        // loan accounts"): a change of its rate, limits or processing fee is a new version of
        // the default product (audited as such); the settings rows stay what readers read.
        await saveDefaultFromSetting(tx, ctx.auditActor, {
          flat_rate_percent: b.flat_rate_percent,
          min_amount: b.min_amount,
          max_amount: b.max_amount,
          min_tenure: b.min_tenure,
          max_tenure: b.max_tenure,
          processing_fee_percent: b.processing_fee_percent,
        });
        const after = { ...next, flat_rate_percent: Number(b.flat_rate_percent).toFixed(2) };
        const before: Record<string, unknown> = {};
        const changed: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(after)) {
          const was = (current as Record<string, unknown>)[k];
          if (String(was) !== String(v)) {
            before[k] = k === 'terms_conditions' ? `version ${current.terms_version}` : was;
            changed[k] = k === 'terms_conditions' ? `version ${next.terms_version}` : v;
          }
        }
        await recordAudit(tx, ctx.auditActor, { action: 'update', entity: 'loan_product', entityId: null, before, after: changed });
        return loanProduct(tx, ctx.config);
      });
      return { message: 'Loan product saved.', data };
    },
  }),
  defineRoute({
    method: 'POST',
    url: SETTINGS_PATHS.branchSave,
    auth: P.editSettings,
    body: branchSaveBodySchema,
    response: changeSchema(branchSchema),
    handler: async (ctx) => {
      const b = ctx.body;
      const data = await ctx.db.transaction(async (tx) => {
        const clash = await queryRows<{ field: string }>(
          tx,
          sql`SELECT CASE WHEN lower(name) = lower(${b.name}) THEN 'name' ELSE 'code' END AS field FROM branches
               WHERE (lower(name) = lower(${b.name}) OR lower(code) = lower(${b.code})) AND id <> ${b.id ?? 0} LIMIT 1`,
        );
        if (clash[0]) throw invalid(clash[0].field, `The ${clash[0].field} has already been taken.`);
        const code = b.code.toUpperCase();
        const sender = b.sms_sender_name ?? null;
        let row: { id: string; name: string; code: string; active: boolean; sms_sender_name: string | null } | undefined;
        if (b.id) {
          const [old] = await queryRows<{ name: string; code: string; active: boolean; sms_sender_name: string | null }>(
            tx,
            sql`SELECT name, code, active, sms_sender_name FROM branches WHERE id = ${b.id} FOR UPDATE`,
          );
          if (!old) throw notFound('Branch');
          if (!b.active && old.active) {
            const [n] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM branches WHERE active AND id <> ${b.id}`);
            if (!n.n) throw conflict('The last active branch stays active.');
          }
          [row] = await queryRows(
            tx,
            sql`UPDATE branches SET name = ${b.name}, code = ${code}, active = ${b.active}, sms_sender_name = ${sender} WHERE id = ${b.id} RETURNING id, name, code, active, sms_sender_name`,
          );
          await recordAudit(tx, ctx.auditActor, { action: 'update', entity: 'branch', entityId: b.id, before: old, after: { name: b.name, code, active: b.active, sms_sender_name: sender } });
        } else {
          [row] = await queryRows(
            tx,
            sql`INSERT INTO branches (name, code, active, sms_sender_name) VALUES (${b.name}, ${code}, ${b.active}, ${sender}) RETURNING id, name, code, active, sms_sender_name`,
          );
          await recordAudit(tx, ctx.auditActor, { action: 'create', entity: 'branch', entityId: row?.id ?? null, after: { name: b.name, code, active: b.active, sms_sender_name: sender } });
        }
        if (!row) throw notFound('Branch');
        return { id: Number(row.id), name: row.name, code: row.code, active: row.active, sms_sender_name: row.sms_sender_name };
      });
      return ctx.reply.code(b.id ? 200 : 201).send({ message: b.id ? 'Branch saved.' : 'Branch added.', data });
    },
  }),
];

export const settingsModule: FastifyPluginAsync = async (app) => registerRoutes(app, settingsRoutes);
