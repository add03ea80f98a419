import { boolean, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/**
 * Tables of migrations/1700_loan_products.sql (owner: libs/loans/account, products).
 * `fees` and `penalty` hold the money rules' FeeRule[] / PenaltyRule as they are
 * (libs/loans/rules); versions are immutable (a trigger refuses UPDATE and DELETE).
 */
export interface StoredFeeRule {
  name: string;
  kind: 'processing' | 'insurance' | 'other';
  calc: 'percent' | 'fixed';
  value: string;
  when: 'deducted' | 'capitalised' | 'upfront';
}
export interface StoredPenaltyRule {
  calc: 'percent' | 'fixed';
  value: string;
  graceDays: number;
  stopMonthsAfterMaturity: number;
}

export const loanProducts = pgTable('loan_products', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const loanProductVersions = pgTable(
  'loan_product_versions',
  {
    id: id().primaryKey().generatedByDefaultAsIdentity(),
    productId: id('product_id').notNull(),
    version: integer('version').notNull(),
    interestMethod: text('interest_method').$type<'flat' | 'declining'>().notNull(),
    monthlyRatePercent: numeric('monthly_rate_percent', { precision: 7, scale: 4 }).notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    minTenure: integer('min_tenure').notNull(),
    maxTenure: integer('max_tenure').notNull(),
    fees: jsonb('fees').$type<StoredFeeRule[]>().notNull().default([]),
    penalty: jsonb('penalty').$type<StoredPenaltyRule | null>(),
    allocationOrder: text('allocation_order').array().$type<Array<'penalty' | 'fees' | 'interest' | 'principal'>>().notNull(),
    settlementRebatePercent: numeric('settlement_rebate_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    createdBy: id('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.productId, t.version)],
);
