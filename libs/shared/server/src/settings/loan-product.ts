import { sql } from 'drizzle-orm';
import {
  DEFAULT_TERMS_CONDITIONS,
  FLAT_RATE_SETTING_KEY,
  LOAN_PRODUCT_DEFAULTS,
  LOAN_PRODUCT_SETTING,
  fromNgwee,
  loanLimitErrors,
  toNgwee,
  type LoanProduct,
} from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import type { Db } from '../db';
import { queryRows } from '../db/sql';
import { HttpError } from '../http/errors';

/** One settings row: its JSON value and when it was written. */
export async function readSetting(db: Db, key: string): Promise<{ value: unknown; updated_at: string | null } | null> {
  const [row] = await queryRows<{ value: unknown; updated_at: Date | string }>(db, sql`SELECT value, updated_at FROM settings WHERE key = ${key}`);
  return row ? { value: row.value, updated_at: new Date(row.updated_at).toISOString() } : null;
}

/**
 * The loan product (/settings/loan-product) as stored, over the defaults; the flat rate is
 * the calculator's own key. Where it matters (the borrower form, the staff edit, offer
 * letters) the domains read it here, at the time of the action, so a change of a setting
 * changes the next outcome. `offerValidDays` is the fallback before any save (the
 * `OFFER_VALID_DAYS` of the config).
 */
export async function readLoanProduct(db: Db, fallback: { offerValidDays?: number } = {}): Promise<LoanProduct> {
  const stored = await readSetting(db, LOAN_PRODUCT_SETTING);
  const rate = await readSetting(db, FLAT_RATE_SETTING_KEY);
  const v = (stored?.value ?? {}) as Partial<LoanProduct>;
  const rateValue = rate?.value;
  const ratePercent = rateValue === undefined || rateValue === null ? LOAN_PRODUCT_DEFAULTS.flat_rate_percent : Number(rateValue).toFixed(2);
  return {
    ...LOAN_PRODUCT_DEFAULTS,
    offer_valid_days: fallback.offerValidDays ?? LOAN_PRODUCT_DEFAULTS.offer_valid_days,
    terms_conditions: DEFAULT_TERMS_CONDITIONS,
    terms_version: 0,
    ...v,
    flat_rate_percent: ratePercent,
    updated_at: stored?.updated_at ?? null,
  };
}

/** 422 with field errors (the fields named as the caller's body names them) unless the loan fits the product. */
export function assertWithinLoanProduct(product: LoanProduct, loan: { amount?: string; tenure?: number }, fields: { amount?: string; tenure?: string } = {}): void {
  // The borrower form checks the same in the browser, with the same words (loanLimitErrors).
  const errors = loanLimitErrors(product, loan, formatMoney);
  const named: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) named[(fields as Record<string, string | undefined>)[k] ?? k] = [v];
  const first = Object.values(named)[0];
  if (first) throw new HttpError(422, first[0], named);
}

/** The processing fee of a principal: fee percent of it, in exact ngwee, half up. */
export function processingFee(product: Pick<LoanProduct, 'processing_fee_percent'>, principal: string): string {
  const bps = toNgwee(product.processing_fee_percent); // 2.50 % -> 250 basis points
  return fromNgwee((toNgwee(principal) * bps + 5000n) / 10000n);
}
