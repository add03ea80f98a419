import {
  FUNNEL_STEPS,
  type FunnelReport,
  type FunnelStepRow,
  type OfferLettersMonth,
  type OfferLettersReport,
  type ReportFilters,
} from '@loan/shared-contract';
import { resolveBranchFilter, type BranchScope, type Db, type TableColumn } from '@loan/shared-server';
import * as repo from './repository';

/** The filters with the branch resolved inside the scope; null when nothing can match. */
async function filterOf(db: Db, q: ReportFilters, scope: BranchScope): Promise<repo.ReportFilter | null> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  if (branchId === null) return null;
  return { fromDate: q.fromDate, toDate: q.toDate, branchId };
}

const hoursOrNull = (v: string | null): number | null => (v === null ? null : Number(v));
/** a / b to four decimals; null when b is zero. */
const rate = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

const NO_LETTERS = { pending: 0, signed: 0, expired: 0, total: 0, median_hours_to_sign: null };

/** GET /api/reports/offer-letters: pending, signed and expired letters per month; median time to sign. */
export async function offerLetters(db: Db, q: ReportFilters, scope: BranchScope): Promise<OfferLettersReport> {
  const f = await filterOf(db, q, scope);
  if (!f) return { months: [], totals: NO_LETTERS };
  const rows = await repo.offerLettersByMonth(db, f);
  const toFigures = (r: repo.OfferLettersDbRow) => ({
    pending: r.pending,
    signed: r.signed,
    expired: r.expired,
    total: r.total,
    median_hours_to_sign: hoursOrNull(r.median_hours),
  });
  const totals = rows.find((r) => r.month === null);
  return {
    months: rows.filter((r) => r.month !== null).map((r) => ({ month: r.month as string, ...toFigures(r) })),
    totals: totals ? toFigures(totals) : NO_LETTERS,
  };
}

export const OFFER_LETTER_COLUMNS: TableColumn<OfferLettersMonth>[] = [
  { key: 'month', header: 'Month' },
  { key: 'pending', header: 'Pending', type: 'number' },
  { key: 'signed', header: 'Signed', type: 'number' },
  { key: 'expired', header: 'Expired', type: 'number' },
  { key: 'total', header: 'Total', type: 'number' },
  { key: 'median_hours_to_sign', header: 'Median hours to sign', type: 'number', width: 22 },
];

/** The file's rows: the months, then the totals as 'All'. */
export function offerLetterFileRows(r: OfferLettersReport): OfferLettersMonth[] {
  return [...r.months, { month: 'All', ...r.totals }];
}

/** GET /api/reports/funnel: requested -> approved -> signed -> disbursed. */
export async function funnel(db: Db, q: ReportFilters, scope: BranchScope): Promise<FunnelReport> {
  const f = await filterOf(db, q, scope);
  const row = f
    ? await repo.funnel(db, f)
    : { requested: 0, approved: 0, signed: 0, disbursed: 0, to_approve: null, to_sign: null, to_disburse: null };
  const counts = [row.requested, row.approved, row.signed, row.disbursed];
  const medians = [null, row.to_approve, row.to_sign, row.to_disburse];
  return {
    steps: FUNNEL_STEPS.map((step, i) => ({
      step,
      count: counts[i],
      rate_from_previous: i === 0 ? null : rate(counts[i], counts[i - 1]),
      rate_from_requested: rate(counts[i], counts[0]),
      median_hours_from_previous: hoursOrNull(medians[i]),
    })),
  };
}

export const FUNNEL_COLUMNS: TableColumn<FunnelStepRow>[] = [
  { key: 'step', header: 'Step' },
  { key: 'count', header: 'Count', type: 'number' },
  { key: 'rate_from_previous', header: 'Share of previous step', type: 'percent', width: 22 },
  { key: 'rate_from_requested', header: 'Share of requested', type: 'percent', width: 20 },
  { key: 'median_hours_from_previous', header: 'Median hours from previous step', type: 'number', width: 30 },
];
