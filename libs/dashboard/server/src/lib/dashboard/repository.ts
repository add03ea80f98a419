import { sql, type SQL } from 'drizzle-orm';
import { MONTHS, type CountsByMonth, type LoanOfferStats } from '@loan/shared-contract';
import { queryRows, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';
import { isoDate } from './period';

/**
 * Every figure is inside the caller's branch scope (NOTES.md, `can view all branches`), and
 * every one comes from a summary kept by statement triggers, for a user who sees every branch
 * and for a branch-bound one alike (migration 1400: offer letters carry their application's
 * branch; the day and month summaries have a branch column, 0 = none).
 */
const andScope = (scope: BranchScope, column: SQL): SQL => {
  const cond = scopeCondition(scope, column);
  return cond ? sql` AND ${cond}` : sql``;
};

/** Applications (not top-ups) by current status: count and exact sum of the requested amounts. */
export interface StatusTotals {
  request: { count: number; amount: string };
  approved: { count: number; amount: string };
  rejected: { count: number; amount: string };
  closed: { count: number; amount: string };
}

type StatusRow = { status: keyof StatusTotals; count: number; amount: string };

function toTotals(rows: StatusRow[]): StatusTotals {
  const zero = () => ({ count: 0, amount: '0.00' });
  const t: StatusTotals = { request: zero(), approved: zero(), rejected: zero(), closed: zero() };
  for (const r of rows) t[r.status] = { count: Number(r.count), amount: r.amount };
  return t;
}

/**
 * Applications created in the months [fromMonth, toMonth), by status. Reads the
 * trigger-kept loan_stats_monthly, so a whole year costs a dozen rows per status.
 */
export async function applicationTotalsForMonths(db: Db, scope: BranchScope, fromMonth: Date, toMonth: Date): Promise<StatusTotals> {
  const rows = await queryRows<StatusRow>(
    db,
    sql`SELECT status, coalesce(sum(count), 0)::int AS count, coalesce(sum(total_amount), 0)::numeric(18,2)::text AS amount
          FROM loan_stats_monthly
         WHERE kind = 'application' AND month >= ${isoDate(fromMonth)}::date AND month < ${isoDate(toMonth)}::date${andScope(scope, sql`branch_id`)}
         GROUP BY status`,
  );
  return toTotals(rows);
}

/** Pending letters created in [from, to) (any time without a range) already past their expiry: expired to the reader. */
const overdueLetters = (scope: BranchScope, range?: { from: Date; to: Date }): SQL =>
  sql`SELECT count(*)::int FROM offer_letters
       WHERE status = 'pending' AND expires_at <= now()${range ? sql` AND created_at >= ${range.from.toISOString()}::timestamptz AND created_at < ${range.to.toISOString()}::timestamptz` : sql``}${andScope(scope, sql`branch_id`)}`;

type OfferRow = { pending: number; expired: number; signed: number; overdue: number };

function toOfferStats(row: OfferRow | undefined): LoanOfferStats {
  const overdue = Number(row?.overdue ?? 0);
  return {
    pendingCount: Number(row?.pending ?? 0) - overdue,
    expiredCount: Number(row?.expired ?? 0) + overdue,
    signedCount: Number(row?.signed ?? 0),
  };
}

/**
 * Offer letters by state: all of them, or those created in the months [fromMonth, toMonth).
 * The totals by state come from the trigger-kept dashboard_offer_counts; pending letters
 * already past their expiry (few: only recent letters are pending) move to expired.
 */
export async function offerLetterStatsForMonths(db: Db, scope: BranchScope, months?: { from: Date; to: Date }): Promise<LoanOfferStats> {
  const inMonths = months ? sql` AND month >= ${isoDate(months.from)}::date AND month < ${isoDate(months.to)}::date` : sql``;
  const [row] = await queryRows<OfferRow>(
    db,
    sql`SELECT coalesce(sum(count) FILTER (WHERE status = 'pending'), 0)::int AS pending,
               coalesce(sum(count) FILTER (WHERE status = 'expired'), 0)::int AS expired,
               coalesce(sum(count) FILTER (WHERE status = 'signed'), 0)::int AS signed,
               (${overdueLetters(scope, months)}) AS overdue
          FROM dashboard_offer_counts WHERE true${inMonths}${andScope(scope, sql`branch_id`)}`,
  );
  return toOfferStats(row);
}

/**
 * The default view, 'yesterday until now': applications by status and letters by state of
 * the two Lusaka business days [yesterday, today], from dashboard_application_days and
 * dashboard_offer_days (a few rows per branch), in one statement.
 */
export async function dayStats(db: Db, scope: BranchScope, range: { from: Date; to: Date }, days: { first: string; last: string }): Promise<{ totals: StatusTotals; offers: LoanOfferStats }> {
  const inDays = sql`day >= ${days.first}::date AND day <= ${days.last}::date${andScope(scope, sql`branch_id`)}`;
  const rows = await queryRows<{ kind: 'a' | 'o'; status: string; count: number; amount: string | null; overdue: number }>(
    db,
    sql`SELECT 'a' AS kind, status, sum(count)::int AS count, sum(amount)::numeric(18,2)::text AS amount, 0 AS overdue
          FROM dashboard_application_days WHERE ${inDays} GROUP BY status
        UNION ALL
        SELECT 'o', status, sum(count)::int, NULL, (${overdueLetters(scope, range)})
          FROM dashboard_offer_days WHERE ${inDays} GROUP BY status`,
  );
  const offers = Object.fromEntries(rows.filter((r) => r.kind === 'o').map((r) => [r.status, Number(r.count)]));
  const overdue = rows.find((r) => r.kind === 'o')?.overdue ?? 0;
  return {
    totals: toTotals(rows.filter((r) => r.kind === 'a') as StatusRow[]),
    offers: toOfferStats({ pending: offers['pending'] ?? 0, expired: offers['expired'] ?? 0, signed: offers['signed'] ?? 0, overdue }),
  };
}

const STATUS_KEY = { request: 'req', approved: 'app', rejected: 'rej', closed: 'clo' } as const;

function emptyMonths(): CountsByMonth {
  return Object.fromEntries(MONTHS.map((m) => [m.abbr, { req: 0, app: 0, rej: 0, clo: 0 }])) as CountsByMonth;
}

/** Applications and top-ups created in each month of `year`, by current status. */
export async function countsByMonth(db: Db, scope: BranchScope, year: number): Promise<{ applications: CountsByMonth; topUps: CountsByMonth }> {
  const rows = await queryRows<{ kind: 'application' | 'topup'; status: keyof typeof STATUS_KEY; m: number; count: number }>(
    db,
    sql`SELECT kind, status, extract(month FROM month)::int AS m, sum(count)::int AS count
          FROM loan_stats_monthly
         WHERE month >= ${`${year}-01-01`}::date AND month < ${`${year + 1}-01-01`}::date${andScope(scope, sql`branch_id`)}
         GROUP BY kind, status, m`,
  );
  const out = { applications: emptyMonths(), topUps: emptyMonths() };
  for (const r of rows) {
    const group = r.kind === 'topup' ? out.topUps : out.applications;
    const abbr = MONTHS[r.m - 1]?.abbr;
    if (abbr && STATUS_KEY[r.status]) group[abbr][STATUS_KEY[r.status]] += Number(r.count);
  }
  return out;
}

export interface SmsRow {
  total: number;
  sent: number;
  failed: number;
  queued: number;
  today: number;
  month: number;
}

/** SMS of the outbox: by delivery state, and created since the start of today / this month. */
export async function smsCounts(db: Db, scope: BranchScope, todayStart: Date, monthStart: Date): Promise<SmsRow> {
  const since = (from: Date) => sql`created_at >= ${from.toISOString()}::timestamptz`;
  if (!scope.all) {
    // A branch-bound user counts the messages to their branch's clients.
    const mine = sql`channel = 'sms' AND client_id IN (SELECT id FROM clients c WHERE true${andScope(scope, sql`c.branch_id`)})`;
    const [row] = await queryRows<SmsRow>(
      db,
      sql`SELECT count(*)::int AS total,
                 (count(*) FILTER (WHERE status IN ('sent', 'delivered')))::int AS sent,
                 (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
                 (count(*) FILTER (WHERE status = 'queued'))::int AS queued,
                 (count(*) FILTER (WHERE ${since(todayStart)}))::int AS today,
                 (count(*) FILTER (WHERE ${since(monthStart)}))::int AS month
            FROM messages WHERE ${mine}`,
    );
    return row;
  }
  const [row] = await queryRows<SmsRow>(
    db,
    sql`SELECT
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_message_counts WHERE channel = 'sms') AS total,
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_message_counts WHERE channel = 'sms' AND status IN ('sent', 'delivered')) AS sent,
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_message_counts WHERE channel = 'sms' AND status = 'failed') AS failed,
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_message_counts WHERE channel = 'sms' AND status = 'queued') AS queued,
          (SELECT count(*)::int FROM messages WHERE channel = 'sms' AND ${since(todayStart)}) AS today,
          (SELECT count(*)::int FROM messages WHERE channel = 'sms' AND ${since(monthStart)}) AS month`,
  );
  return row;
}

export interface DisbursementRow {
  status: 'pending' | 'success' | 'failed';
  reconciled: boolean;
  count: number;
  amount: string;
}

/**
 * Disbursements by status and reconciliation (count, exact sum): every branch from
 * dashboard_disbursement_totals (0200), one branch from disbursement_day_totals (1300, kept
 * per Lusaka day and branch by the transactions domain's triggers).
 */
export async function disbursementTotals(db: Db, scope: BranchScope): Promise<DisbursementRow[]> {
  const table = scope.all ? sql`dashboard_disbursement_totals` : sql`disbursement_day_totals`;
  return queryRows<DisbursementRow>(
    db,
    sql`SELECT status, reconciled, sum(count)::int AS count, sum(amount)::numeric(18,2)::text AS amount
          FROM ${table} WHERE true${andScope(scope, sql`branch_id`)} GROUP BY status, reconciled`,
  );
}

/** Disbursements made since the Lusaka day `fromDay` ('2026-03-01'): count and exact sum, from disbursement_day_totals. */
export async function disbursementsSince(db: Db, scope: BranchScope, fromDay: string): Promise<{ count: number; amount: string }> {
  const [row] = await queryRows<{ count: number; amount: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::int AS count, coalesce(sum(amount), 0)::numeric(18,2)::text AS amount
          FROM disbursement_day_totals WHERE day >= ${fromDay}::date${andScope(scope, sql`branch_id`)}`,
  );
  return row ?? { count: 0, amount: '0.00' };
}
