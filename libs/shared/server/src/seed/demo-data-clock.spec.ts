import { sql } from 'drizzle-orm';
import { queryRows } from '../db/sql';
import { createTestApp, type TestApp } from '../testing/harness';
import { DEMO_APPLICATIONS, seedDemoData } from './demo-data';

// Issue 33: nothing seeded may lie after the seed's own clock. A fresh demo once had loans
// "paid out" tomorrow (a letter signed two days after approval with no cap at the present, its
// payout an hour later), which the Add repayment picker offered first and then refused.
// Every moment and business date of every table is checked, whatever its name: deadlines
// (when a letter expires, when an instalment falls due) are the only ones allowed ahead.
const DEADLINES = /(^|_)(expires?|expiry|due|until|scheduled|next)(_|$)/;
// Day summaries hold the instalments falling due on later days; their other figures are events.
const EVENTS_ONLY: Record<string, string> = {
  'report_daily.day': 'collected_count <> 0 OR disbursed_count <> 0',
  'report_loan_days.day': 'collected_count <> 0 OR disbursed_count <> 0',
};

let t: TestApp;
let seededBy: Date;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { applications: DEMO_APPLICATIONS });
  seededBy = new Date();
}, 300_000);
afterAll(() => t?.close());

it("has no event after the seed's clock: no moment after it, no business date after its business day", async () => {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    t.db,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
          JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
         WHERE c.table_schema = 'public' AND c.data_type IN ('timestamp with time zone', 'date')
         ORDER BY 1, 2`,
  );
  const events = columns.filter((c) => !DEADLINES.test(c.column_name));
  expect(events.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(expect.arrayContaining(['disbursements.created_at', 'offer_letters.signed_at', 'repayments.paid_at']));
  const future: string[] = [];
  for (const c of events) {
    const bound = c.data_type === 'date' ? sql`business_today()` : sql`${seededBy.toISOString()}::timestamptz`;
    const [row] = await queryRows<{ n: number; max: string | null }>(
      t.db,
      sql`SELECT count(*)::int AS n, max(${sql.identifier(c.column_name)})::text AS max FROM ${sql.identifier(c.table_name)}
           WHERE ${sql.identifier(c.column_name)} > ${bound} AND (${sql.raw(EVENTS_ONLY[`${c.table_name}.${c.column_name}`] ?? 'TRUE')})`,
    );
    if (row.n > 0) future.push(`${c.table_name}.${c.column_name}: ${row.n} after the seed's clock (latest ${row.max})`);
  }
  expect(future).toEqual([]);
});
