import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';
import type { LoanProductItem, LoanProductVersion, LoanProductSaveBody } from '@loan/shared-contract';

/** The code of the product the loans priced before products belong to (1700_loan_products.sql). */
export const LEGACY_FLAT_CODE = 'LEGACY-FLAT';

export interface ProductRow {
  id: string;
  code: string;
  name: string;
  active: boolean;
  is_default: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface VersionRow {
  id: string;
  product_id: string;
  version: number;
  interest_method: 'flat' | 'declining';
  monthly_rate_percent: string;
  min_amount: string;
  max_amount: string;
  min_tenure: number;
  max_tenure: number;
  fees: LoanProductVersion['fees'];
  penalty: { calc: 'percent' | 'fixed'; value: string; graceDays: number; stopMonthsAfterMaturity: number } | null;
  allocation_order: LoanProductVersion['allocation_order'] | string;
  settlement_rebate_percent: string;
  created_by: string | null;
  created_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** '5.0000' -> '5.00', '4.1250' -> '4.125': at least two decimals, no trailing zeros past them. */
export function rateText(v: string): string {
  const [i, d = ''] = String(v).split('.');
  const kept = d.replace(/0+$/, '');
  return `${i}.${kept.length >= 2 ? kept : kept.padEnd(2, '0')}`;
}

/** text[] comes back as an array (node-postgres, PGlite) or, through some paths, as '{a,b}'. */
function partsArray(v: VersionRow['allocation_order']): LoanProductVersion['allocation_order'] {
  if (Array.isArray(v)) return v;
  return String(v).replace(/^\{|\}$/g, '').split(',').filter(Boolean) as LoanProductVersion['allocation_order'];
}

export function versionDto(r: VersionRow): LoanProductVersion {
  return {
    id: Number(r.id),
    product_id: Number(r.product_id),
    version: Number(r.version),
    interest_method: r.interest_method,
    monthly_rate_percent: rateText(r.monthly_rate_percent),
    min_amount: r.min_amount,
    max_amount: r.max_amount,
    min_tenure: Number(r.min_tenure),
    max_tenure: Number(r.max_tenure),
    fees: (r.fees ?? []).map((f) => ({ name: f.name, kind: f.kind, calc: f.calc, value: f.value, when: f.when })),
    penalty: r.penalty
      ? { calc: r.penalty.calc, value: r.penalty.value, grace_days: Number(r.penalty.graceDays), stop_months_after_maturity: Number(r.penalty.stopMonthsAfterMaturity) }
      : null,
    allocation_order: partsArray(r.allocation_order),
    settlement_rebate_percent: r.settlement_rebate_percent,
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_at: iso(r.created_at),
  };
}

export function itemDto(p: ProductRow, current: LoanProductVersion): LoanProductItem {
  return {
    id: Number(p.id),
    code: p.code,
    name: p.name,
    active: p.active,
    is_default: p.is_default,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    current,
  };
}

const VERSION_COLUMNS = sql`v.id, v.product_id, v.version, v.interest_method, v.monthly_rate_percent::text AS monthly_rate_percent,
  v.min_amount::text AS min_amount, v.max_amount::text AS max_amount, v.min_tenure, v.max_tenure, v.fees, v.penalty,
  v.allocation_order, v.settlement_rebate_percent::text AS settlement_rebate_percent, v.created_by, v.created_at`;

/** Every product (or those matching `where`) with its newest version. */
export async function productsWithCurrent(db: Db, onlyActive = false): Promise<Array<{ product: ProductRow; current: VersionRow }>> {
  const rows = await queryRows<ProductRow & { v: VersionRow }>(
    db,
    sql`SELECT p.id, p.code, p.name, p.active, p.is_default, p.created_at, p.updated_at, to_jsonb(cv) AS v
          FROM loan_products p
          CROSS JOIN LATERAL (SELECT ${VERSION_COLUMNS} FROM loan_product_versions v WHERE v.product_id = p.id ORDER BY v.version DESC LIMIT 1) cv
         WHERE ${onlyActive ? sql`p.active` : sql`true`}
         ORDER BY p.is_default DESC, p.active DESC, p.name, p.id`,
  );
  return rows.map(({ v, ...product }) => ({ product, current: v }));
}

export async function productRow(db: Db, id: number, lock = false): Promise<ProductRow | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT id, code, name, active, is_default, created_at, updated_at FROM loan_products WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function versionRows(db: Db, productId: number): Promise<VersionRow[]> {
  return queryRows<VersionRow>(db, sql`SELECT ${VERSION_COLUMNS} FROM loan_product_versions v WHERE v.product_id = ${productId} ORDER BY v.version DESC`);
}

export async function versionById(db: Db, versionId: number): Promise<VersionRow | undefined> {
  const [row] = await queryRows<VersionRow>(db, sql`SELECT ${VERSION_COLUMNS} FROM loan_product_versions v WHERE v.id = ${versionId}`);
  return row;
}

type Terms = Pick<
  LoanProductSaveBody,
  'interest_method' | 'monthly_rate_percent' | 'min_amount' | 'max_amount' | 'min_tenure' | 'max_tenure' | 'fees' | 'penalty' | 'allocation_order' | 'settlement_rebate_percent'
>;

/** The stored shape of the penalty (the rules' PenaltyRule). */
const storedPenalty = (p: Terms['penalty']) =>
  p ? { calc: p.calc, value: p.value, graceDays: p.grace_days, stopMonthsAfterMaturity: p.stop_months_after_maturity } : null;

export async function insertVersion(db: Db, productId: number, version: number, t: Terms, createdBy: number | null): Promise<void> {
  const penalty = storedPenalty(t.penalty);
  const order = `{${t.allocation_order.join(',')}}`;
  await db.execute(
    sql`INSERT INTO loan_product_versions (product_id, version, interest_method, monthly_rate_percent, min_amount, max_amount,
                                           min_tenure, max_tenure, fees, penalty, allocation_order, settlement_rebate_percent, created_by)
        VALUES (${productId}, ${version}, ${t.interest_method}, ${t.monthly_rate_percent}, ${t.min_amount}, ${t.max_amount},
                ${t.min_tenure}, ${t.max_tenure}, ${JSON.stringify(t.fees)}::jsonb, ${penalty ? JSON.stringify(penalty) : null}::jsonb,
                ${order}::text[], ${t.settlement_rebate_percent}, ${createdBy})`,
  );
}

/** The terms of a stored version, as a body names them (to compare with an edit, or copy). */
export function termsOfRow(v: LoanProductVersion): Terms {
  return {
    interest_method: v.interest_method,
    monthly_rate_percent: v.monthly_rate_percent,
    min_amount: v.min_amount,
    max_amount: v.max_amount,
    min_tenure: v.min_tenure,
    max_tenure: v.max_tenure,
    fees: v.fees,
    penalty: v.penalty,
    allocation_order: v.allocation_order,
    settlement_rebate_percent: v.settlement_rebate_percent,
  };
}

/** Equal terms, compared as numbers where the text may differ ('4.5' and '4.50'). */
export function sameTerms(a: Terms, b: Terms): boolean {
  const norm = (t: Terms) =>
    JSON.stringify([
      t.interest_method,
      Number(t.monthly_rate_percent),
      Number(t.min_amount),
      Number(t.max_amount),
      Number(t.min_tenure),
      Number(t.max_tenure),
      t.fees.map((f) => [f.name, f.kind, f.calc, Number(f.value), f.when]),
      t.penalty ? [t.penalty.calc, Number(t.penalty.value), Number(t.penalty.grace_days), Number(t.penalty.stop_months_after_maturity)] : null,
      t.allocation_order,
      Number(t.settlement_rebate_percent),
    ]);
  return norm(a) === norm(b);
}

export type { Terms };
