import { sql } from 'drizzle-orm';
import {
  FLAT_RATE_SETTING_KEY,
  LOAN_PRODUCT_SETTING,
  fromNgwee,
  productFieldErrors,
  productTermsOf,
  toNgwee,
  type LoanProductDetails,
  type LoanProductItem,
  type LoanProductPreview,
  type LoanProductPreviewBody,
  type LoanProductSaveBody,
  type LoanProductVersion,
  type ProductTermsBody,
} from '@loan/shared-contract';
import { HttpError, conflict, notFound, queryRows, recordAudit, type AuditActor, type Db } from '@loan/shared-server';
import { generateSchedule, keyFacts, validateTerms, type ProductTerms } from '@loan/loans-rules';
import {
  LEGACY_FLAT_CODE,
  insertVersion,
  itemDto,
  productRow,
  productsWithCurrent,
  sameTerms,
  termsOfRow,
  versionById,
  versionDto,
  versionRows,
  type Terms,
} from './repository';

export { LEGACY_FLAT_CODE };

const ENTITY = 'loan_product';

/** The money rules' terms of a stored version (what the loan account prices and schedules with). */
export function productTerms(v: Pick<LoanProductVersion, keyof ProductTermsBody>): ProductTerms {
  return productTermsOf(v) as ProductTerms;
}

/**
 * 422 naming the body's fields unless the rules accept the terms: the same check the form
 * runs in the browser (validateTerms of libs/loans/rules).
 */
export function assertValidTerms(t: ProductTermsBody, prefix = ''): void {
  const errors = productFieldErrors(validateTerms(productTerms(t)));
  const named: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) named[prefix + k] = v;
  const first = Object.values(named)[0];
  if (first) throw new HttpError(422, first[0], named);
}

/** Every product, active and inactive, each with its current version: default first, then active ones. */
export async function listProducts(db: Db, opts: { onlyActive?: boolean } = {}): Promise<LoanProductItem[]> {
  const rows = await productsWithCurrent(db, opts.onlyActive ?? false);
  return rows.map((r) => itemDto(r.product, versionDto(r.current)));
}

export async function getProduct(db: Db, id: number): Promise<LoanProductDetails> {
  const p = await productRow(db, id);
  if (!p) throw notFound('Loan product');
  const versions = (await versionRows(db, id)).map(versionDto);
  const current = versions[0];
  if (!current) throw notFound('Loan product');
  return { ...itemDto(p, current), versions };
}

/** One version by id (the application's, the account's), or undefined. */
export async function getProductVersion(db: Db, versionId: number): Promise<LoanProductVersion | undefined> {
  const row = await versionById(db, versionId);
  return row && versionDto(row);
}

/** The default product with its current version (what /apply and the staff form use when nobody picks). */
export async function defaultProduct(db: Db): Promise<LoanProductItem | undefined> {
  return (await listProducts(db, { onlyActive: true })).find((p) => p.is_default);
}

/** The products offered for new loans (active), default first. */
export const offeredProducts = (db: Db) => listProducts(db, { onlyActive: true });

/**
 * The version a new application is priced with: the current version of the product asked for
 * (it must be active), or of the default product. 422 on `field` when the product is not offered.
 */
export async function versionForNewLoan(db: Db, productId: number | undefined, field = 'product_id'): Promise<LoanProductVersion> {
  const offered = await offeredProducts(db);
  const chosen = productId === undefined ? offered.find((p) => p.is_default) ?? offered[0] : offered.find((p) => p.id === productId);
  if (!chosen) throw new HttpError(422, 'Choose a loan product that is offered.', { [field]: ['Choose a loan product that is offered.'] });
  return chosen.current;
}

async function assertCodeFree(tx: Db, code: string, id = 0): Promise<void> {
  const [clash] = await queryRows(tx, sql`SELECT 1 FROM loan_products WHERE upper(code) = upper(${code}) AND id <> ${id} LIMIT 1`);
  if (clash) throw new HttpError(422, 'The code has already been taken.', { code: ['The code has already been taken.'] });
}

async function assertNameFree(tx: Db, name: string, id = 0): Promise<void> {
  const [clash] = await queryRows(tx, sql`SELECT 1 FROM loan_products WHERE lower(name) = lower(${name}) AND id <> ${id} LIMIT 1`);
  if (clash) throw new HttpError(422, 'The name has already been taken.', { name: ['The name has already been taken.'] });
}

/** 409 unless another product stays active (and offered) when `id` stops being active. */
async function assertMayDeactivate(tx: Db, id: number, isDefault: boolean): Promise<void> {
  if (isDefault) throw conflict('The default product cannot be deactivated: make another product the default first.');
  const [n] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM loan_products WHERE active AND id <> ${id}`);
  if (!n?.n) throw conflict('The last active product stays active.');
}

/** A new product with its first version (`can edit settings`). */
export async function createProduct(db: Db, actor: AuditActor, body: LoanProductSaveBody): Promise<LoanProductDetails> {
  assertValidTerms(body);
  return db.transaction(async (tx) => {
    const code = body.code.toUpperCase();
    await assertCodeFree(tx, code);
    await assertNameFree(tx, body.name);
    const [row] = await queryRows<{ id: string }>(tx, sql`INSERT INTO loan_products (code, name, active) VALUES (${code}, ${body.name}, ${body.active}) RETURNING id`);
    const id = Number(row?.id);
    await insertVersion(tx, id, 1, body, actor.userId);
    const { code: _c, name, active, ...terms } = body;
    await recordAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: { code, name, active, version: 1, ...terms } });
    return getProduct(tx, id);
  });
}

/**
 * An edit: name and active on the product; the terms, when they differ from the current
 * version's, as a new version (applications keep the version they were priced with). The
 * code does not change.
 */
export async function updateProduct(db: Db, actor: AuditActor, id: number, body: LoanProductSaveBody): Promise<LoanProductDetails> {
  assertValidTerms(body);
  return db.transaction(async (tx) => {
    const p = await productRow(tx, id, true);
    if (!p) throw notFound('Loan product');
    if (body.code.toUpperCase() !== p.code) throw new HttpError(422, 'The code of a product does not change.', { code: ['The code of a product does not change.'] });
    await assertNameFree(tx, body.name, id);
    if (p.active && !body.active) await assertMayDeactivate(tx, id, p.is_default);
    const [current] = (await versionRows(tx, id)).map(versionDto);
    if (!current) throw notFound('Loan product');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (p.name !== body.name) [before['name'], after['name']] = [p.name, body.name];
    if (p.active !== body.active) [before['active'], after['active']] = [p.active, body.active];
    if (!sameTerms(termsOfRow(current), body)) {
      await insertVersion(tx, id, current.version + 1, body, actor.userId);
      before['version'] = current.version;
      after['version'] = current.version + 1;
      const old = termsOfRow(current);
      const { code: _c, name: _n, active: _a, ...terms } = body;
      for (const [k, v] of Object.entries(terms)) {
        const was = (old as unknown as Record<string, unknown>)[k];
        if (JSON.stringify(was) !== JSON.stringify(v)) [before[k], after[k]] = [was, v];
      }
    }
    if (!Object.keys(after).length) return getProduct(tx, id);
    await tx.execute(sql`UPDATE loan_products SET name = ${body.name}, active = ${body.active}, updated_at = now() WHERE id = ${id}`);
    await recordAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after, details: { code: p.code } });
    if (p.is_default && after['version'] !== undefined) await mirrorDefaultToSettings(tx);
    return getProduct(tx, id);
  });
}

export async function deactivateProduct(db: Db, actor: AuditActor, id: number): Promise<LoanProductDetails> {
  return db.transaction(async (tx) => {
    const p = await productRow(tx, id, true);
    if (!p) throw notFound('Loan product');
    if (p.active) {
      // One at a time: two deactivations must not leave no active product.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loan-products:active'))`);
      await assertMayDeactivate(tx, id, p.is_default);
      await tx.execute(sql`UPDATE loan_products SET active = false, updated_at = now() WHERE id = ${id}`);
      await recordAudit(tx, actor, { action: 'deactivate', entity: ENTITY, entityId: id, before: { active: true }, after: { active: false }, details: { code: p.code } });
    }
    return getProduct(tx, id);
  });
}

export async function setDefaultProduct(db: Db, actor: AuditActor, id: number): Promise<LoanProductDetails> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loan-products:active'))`);
    const p = await productRow(tx, id, true);
    if (!p) throw notFound('Loan product');
    if (!p.is_default) {
      if (!p.active) throw conflict('Only an active product can be the default: activate it first.');
      const [old] = await queryRows<{ id: string; code: string }>(tx, sql`UPDATE loan_products SET is_default = false, updated_at = now() WHERE is_default RETURNING id, code`);
      await tx.execute(sql`UPDATE loan_products SET is_default = true, updated_at = now() WHERE id = ${id}`);
      await recordAudit(tx, actor, {
        action: 'set_default',
        entity: ENTITY,
        entityId: id,
        before: { default: old ? old.code : null },
        after: { default: p.code },
      });
      await mirrorDefaultToSettings(tx);
    }
    return getProduct(tx, id);
  });
}

async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.execute(
    sql`INSERT INTO settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
  );
}

/** The percent processing fee of a version ('0.00' without one): what the single-product setting calls its fee. */
export function processingFeePercentOf(v: Pick<LoanProductVersion, 'fees'>): string {
  const fee = v.fees.find((f) => f.kind === 'processing' && f.calc === 'percent');
  return fee ? Number(fee.value).toFixed(2) : '0.00';
}

/**
 * The single loan-product setting (/settings/loan-product, read by readLoanProduct of
 * @loan/shared-server: the borrower calculator, the staff edit, offer letters) follows the
 * default product's current version: rate, limits and processing fee are copied into it
 * whenever the default product gets a new version or another product becomes the default.
 * (Its offer validity and terms stay its own.) Readers move to product versions in step 4 of
 * issue 26; until they all have, this keeps them on the default product.
 */
export async function mirrorDefaultToSettings(tx: Db): Promise<void> {
  const d = await defaultProduct(tx);
  if (!d) return;
  const [stored] = await queryRows<{ value: Record<string, unknown> }>(tx, sql`SELECT value FROM settings WHERE key = ${LOAN_PRODUCT_SETTING}`);
  const v = d.current;
  await writeSetting(tx, LOAN_PRODUCT_SETTING, {
    ...(stored?.value ?? {}),
    min_amount: v.min_amount,
    max_amount: v.max_amount,
    min_tenure: v.min_tenure,
    max_tenure: v.max_tenure,
    processing_fee_percent: processingFeePercentOf(v),
  });
  await writeSetting(tx, FLAT_RATE_SETTING_KEY, Number(v.monthly_rate_percent).toFixed(2));
}

/**
 * Saving /settings/loan-product edits the default product: when its rate, limits or
 * processing fee differ from the default's current version, a new version with them (the
 * method, other fees, penalty, allocation order and rebate are kept; the processing fee is
 * the version's percent processing fee, added as a deducted fee when there was none, removed
 * at 0). Call inside the setting's transaction; audited as an update of the product.
 */
export async function saveDefaultFromSetting(
  tx: Db,
  actor: AuditActor,
  s: { flat_rate_percent: string; min_amount: string; max_amount: string; min_tenure: number; max_tenure: number; processing_fee_percent: string },
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loan-products:active'))`);
  const d = await defaultProduct(tx);
  if (!d) return;
  await productRow(tx, d.id, true);
  const current = d.current;
  const old = termsOfRow(current);
  const fee = Number(s.processing_fee_percent).toFixed(2);
  const i = old.fees.findIndex((f) => f.kind === 'processing' && f.calc === 'percent');
  let fees = [...old.fees];
  if (i >= 0) fees = Number(fee) > 0 ? fees.map((f, k) => (k === i ? { ...f, value: fee } : f)) : fees.filter((_, k) => k !== i);
  else if (Number(fee) > 0) fees = [...fees, { name: 'Processing fee', kind: 'processing', calc: 'percent', value: fee, when: 'deducted' }];
  const next: Terms = {
    ...old,
    monthly_rate_percent: Number(s.flat_rate_percent).toFixed(2),
    min_amount: s.min_amount,
    max_amount: s.max_amount,
    min_tenure: s.min_tenure,
    max_tenure: s.max_tenure,
    fees,
  };
  if (sameTerms(old, next)) return;
  await insertVersion(tx, d.id, current.version + 1, next, actor.userId);
  await tx.execute(sql`UPDATE loan_products SET updated_at = now() WHERE id = ${d.id}`);
  await recordAudit(tx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: d.id,
    before: { version: current.version, monthly_rate_percent: old.monthly_rate_percent, min_amount: old.min_amount, max_amount: old.max_amount, min_tenure: old.min_tenure, max_tenure: old.max_tenure, fees: old.fees },
    after: { version: current.version + 1, monthly_rate_percent: next.monthly_rate_percent, min_amount: next.min_amount, max_amount: next.max_amount, min_tenure: next.min_tenure, max_tenure: next.max_tenure, fees: next.fees },
    details: { code: d.code, via: 'settings/loan-product' },
  });
}

/** The schedule and key figures of terms for an amount and tenure, disbursed on `disbursedOn` (pure). */
export function previewTerms(body: LoanProductPreviewBody, disbursedOn: string): LoanProductPreview {
  assertValidTerms(body);
  const terms = productTerms(body);
  const amount = toNgwee(body.amount);
  const s = generateSchedule(terms, amount, body.tenure, disbursedOn);
  const k = keyFacts(terms, amount, body.tenure, disbursedOn);
  const m = (n: bigint) => fromNgwee(n);
  return {
    instalments: s.instalments.map((i) => ({
      no: i.no,
      due_date: i.dueDate,
      principal: m(i.principal),
      interest: m(i.interest),
      fees: m(i.fees),
      total: m(i.principal + i.interest + i.fees),
    })),
    fees: k.fees.map((f) => ({ name: f.name, kind: f.kind, when: f.when, amount: m(f.amount) })),
    amount: m(k.amount),
    payout: m(k.payout),
    total_fees: m(k.totalFees),
    total_interest: m(k.totalInterest),
    total_repayable: m(k.totalRepayable),
    instalment_amount: m(k.instalmentAmount),
    last_instalment_amount: m(k.lastInstalmentAmount),
    first_due_date: k.firstDueDate,
    penalty_terms: k.penaltyTerms,
    apr_percent: k.aprPercent,
    ear_percent: k.earPercent,
  };
}
