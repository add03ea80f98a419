import { sql, type SQL } from 'drizzle-orm';
import { MONTHS, type CountsByMonth, type LoanOfferStats } from '@loan/shared-contract';
import { queryRows, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';
import { isoDate } from './period';

/**
 * Every figure is inside the caller's branch scope (NOTES.md, `can view all branches`).
 * Users who see every branch read the trigger-kept totals; a branch-bound user's figures
 * come from the base tables through their branch indexes (one branch is a small slice).
 */
const andScope = (scope: BranchScope, column: SQL): SQL => {
  const cond = scopeCondition(scope, column);
  return cond ? sql` AND ${cond}` : sql``;
};
/** Rows of a table whose application is in scope (offer letters carry no branch of their own). */
const andApplicationInScope = (scope: BranchScope, applicationId: SQL): SQL =>
  scope.all ? sql`` : sql` AND EXISTS (SELECT 1 FROM loan_applications a WHERE a.id = ${applicationId}${andScope(scope, sql`a.branch_id`)})`;

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

/** Applications created in [from, to), by status (reads loan_applications by created_at). */
export async function applicationTotalsBetween(db: Db, scope: BranchScope, from: Date, to: Date): Promise<StatusTotals> {
  const rows = await queryRows<StatusRow>(
    db,
    sql`SELECT status, count(*)::int AS count, coalesce(sum(amount), 0)::numeric(18,2)::text AS amount
          FROM loan_applications
         WHERE kind = 'application' AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz${andScope(scope, sql`branch_id`)}
         GROUP BY status`,
  );
  return toTotals(rows);
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

/**
 * Offer letters by state, optionally only those created in [from, to). A pending letter
 * whose validity has passed counts as expired even before anything marks it so.
 * Reads offer_letters through its indexes: for short ranges (yesterday until now).
 */
export async function offerLetterStats(db: Db, scope: BranchScope, range?: { from: Date; to: Date }): Promise<LoanOfferStats> {
  // One count per state, each answered from an index (offer_letters_status_idx on
  // (status, created_at), offer_letters_pending_expiry_idx for pending letters' expiry).
  const inRange = sql`${range ? sql`AND created_at >= ${range.from.toISOString()}::timestamptz AND created_at < ${range.to.toISOString()}::timestamptz` : sql``}${andApplicationInScope(scope, sql`application_id`)}`;
  const [row] = await queryRows<{ pending: number; expired: number; signed: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM offer_letters WHERE status = 'pending' AND expires_at > now() ${inRange}) AS pending,
          (SELECT count(*)::int FROM offer_letters WHERE status = 'expired' ${inRange})
            + (SELECT count(*)::int FROM offer_letters WHERE status = 'pending' AND expires_at <= now() ${inRange}) AS expired,
          (SELECT count(*)::int FROM offer_letters WHERE status = 'signed' ${inRange}) AS signed`,
  );
  return { pendingCount: row?.pending ?? 0, expiredCount: row?.expired ?? 0, signedCount: row?.signed ?? 0 };
}

/**
 * Offer letters by state: all of them, or those created in the months [fromMonth, toMonth).
 * The totals by state come from the trigger-kept dashboard_offer_counts; pending letters
 * already past their expiry (few: only recent letters are pending) move to expired.
 */
export async function offerLetterStatsForMonths(db: Db, scope: BranchScope, months?: { from: Date; to: Date }): Promise<LoanOfferStats> {
  if (!scope.all) return offerLetterStats(db, scope, months);
  const inMonths = months
    ? sql`AND month >= ${isoDate(months.from)}::date AND month < ${isoDate(months.to)}::date`
    : sql``;
  const inRange = months
    ? sql`AND created_at >= ${months.from.toISOString()}::timestamptz AND created_at < ${months.to.toISOString()}::timestamptz`
    : sql``;
  const [row] = await queryRows<{ pending: number; expired: number; signed: number; overdue: number }>(
    db,
    sql`SELECT
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_offer_counts WHERE status = 'pending' ${inMonths}) AS pending,
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_offer_counts WHERE status = 'expired' ${inMonths}) AS expired,
          (SELECT coalesce(sum(count), 0)::int FROM dashboard_offer_counts WHERE status = 'signed' ${inMonths}) AS signed,
          (SELECT count(*)::int FROM offer_letters WHERE status = 'pending' AND expires_at <= now() ${inRange}) AS overdue`,
  );
  const overdue = Number(row?.overdue ?? 0);
  return {
    pendingCount: Number(row?.pending ?? 0) - overdue,
    expiredCount: Number(row?.expired ?? 0) + overdue,
    signedCount: Number(row?.signed ?? 0),
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

/** Disbursements by status and reconciliation (count, exact sum). */
export async function disbursementTotals(db: Db, scope: BranchScope): Promise<DisbursementRow[]> {
  if (!scope.all) {
    return queryRows<DisbursementRow>(
      db,
      sql`SELECT status, reconciled, count(*)::int AS count, coalesce(sum(amount), 0)::numeric(18,2)::text AS amount
            FROM disbursements WHERE true${andScope(scope, sql`branch_id`)} GROUP BY 1, 2`,
    );
  }
  return queryRows<DisbursementRow>(
    db,
    sql`SELECT status, reconciled, sum(count)::int AS count, sum(amount)::numeric(18,2)::text AS amount
          FROM dashboard_disbursement_totals GROUP BY status, reconciled`,
  );
}

/** Disbursements created since `from`: count and exact sum. */
export async function disbursementsSince(db: Db, scope: BranchScope, from: Date): Promise<{ count: number; amount: string }> {
  const [row] = await queryRows<{ count: number; amount: string }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(amount), 0)::numeric(18,2)::text AS amount
          FROM disbursements WHERE created_at >= ${from.toISOString()}::timestamptz${andScope(scope, sql`branch_id`)}`,
  );
  return row ?? { count: 0, amount: '0.00' };
}
