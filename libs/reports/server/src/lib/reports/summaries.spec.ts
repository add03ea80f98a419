import { sql } from 'drizzle-orm';
import { queryRows } from '@loan/shared-server';
import { createTestApp, type TestApp } from '@loan/shared-server/testing';
import { reportsServer } from '../../index';
import { summariesBeside } from './summaries.testing';

// The report summaries are kept by statement triggers (migration 1240): one pass per
// statement over its transition tables. Here every write is a bulk statement over many loans
// of several branches at once (inserts, edits, reversals, moves, payouts, letters, deletions),
// and after each one every summary row must equal the figure recomputed from the base tables.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ modules: [reportsServer] });
});
afterAll(() => t?.close());

async function expectSummariesEqual() {
  const { kept, recomputed } = await summariesBeside(t.db);
  for (const rows of Object.values(recomputed)) expect(rows.length).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
}

const count = async (table: 'repayments' | 'loan_applications') =>
  Number((await queryRows<{ n: string }>(t.db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0].n);

it('stays equal to the base tables through bulk writes, edits, reversals, moves and deletions', async () => {
  // 90 loans over every branch: totals with odd ngwee, tenures 1-12, requested over three months;
  // every tenth closed without a letter (closed unsigned, closed_at unknown: updated_at stands for it).
  await t.db.execute(sql`
    INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, created_at, approved_at)
    SELECT 'LA-2026-95' || lpad(g::text, 4, '0'), b.ids[1 + g % cardinality(b.ids)], 'Borrower ' || g, '123456/78/9', '+260971234567',
           1000 + g * 10, 1 + g % 12, 1000 + g * 13.37, CASE WHEN g % 10 = 0 THEN 'request' WHEN g % 10 = 5 THEN 'closed' ELSE 'approved' END,
           timestamptz '2026-01-05 06:00Z' + g * interval '22 hours', CASE WHEN g % 10 <> 0 THEN timestamptz '2026-01-05 09:00Z' + g * interval '22 hours' END
      FROM generate_series(1, 90) g, (SELECT array_agg(id ORDER BY id) AS ids FROM branches) b`);
  // Payouts: a failed attempt for every 4th, then a success for all approved but every 9th (never paid out).
  await t.db.execute(sql`
    INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status, created_at)
    SELECT la.id, la.branch_id, la.amount, 'instant_bulk', la.mobile, s.status, la.approved_at + s.after
      FROM loan_applications la
      CROSS JOIN (VALUES ('failed', interval '1 hour'), ('success', interval '21 hours')) s(status, after)
     WHERE la.status = 'approved' AND la.id % 9 <> 0 AND (s.status = 'success' OR la.id % 4 = 0)`);
  // Offer letters: signed before each payout, pending for the rest.
  await t.db.execute(sql`
    INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                               authorized_rep_name, authorized_rep_date, expires_at, created_at, signed_at)
    SELECT la.id, 'bulk-' || la.id, CASE WHEN la.id % 9 <> 0 THEN 'signed' ELSE 'pending' END, la.amount, la.total_amount_due, la.tenure_months,
           'Terms', 'Rep', '2026-01-01', la.approved_at + interval '7 days', la.approved_at + interval '2 hours',
           CASE WHEN la.id % 9 <> 0 THEN la.approved_at + interval '5 hours' END
      FROM loan_applications la WHERE la.status = 'approved'`);
  await expectSummariesEqual();

  // Repayments: 1 to 4 per paid-out loan in one statement, some keyed as reversed already.
  await t.db.execute(sql`
    INSERT INTO repayments (application_id, amount, paid_at, reference, reversed_at, reversal_reason)
    SELECT la.id, round(la.total_amount_due / (la.tenure_months + 1), 2) + k * 0.01, (la.approved_at AT TIME ZONE 'Africa/Lusaka')::date + 20 + k * 25,
           'BULK-' || la.id || '-' || k, CASE WHEN (la.id + k) % 11 = 0 THEN now() END, CASE WHEN (la.id + k) % 11 = 0 THEN 'keyed twice' END
      FROM loan_applications la CROSS JOIN generate_series(1, 4) k
     WHERE la.status = 'approved' AND la.id % 9 <> 0 AND k <= 1 + la.id % 4`);
  expect(await count('repayments')).toBeGreaterThan(150);
  await expectSummariesEqual();

  // Edits of amount and day, reversals, a reversal undone: one statement each, many loans.
  await t.db.execute(sql`UPDATE repayments SET amount = amount + 7.05, paid_at = paid_at - 3 WHERE id % 4 = 0`);
  await expectSummariesEqual();
  await t.db.execute(sql`UPDATE repayments SET reversed_at = now(), reversal_reason = 'bounced' WHERE id % 3 = 0 AND reversed_at IS NULL`);
  await expectSummariesEqual();
  await t.db.execute(sql`UPDATE repayments SET reversed_at = NULL, reversal_reason = NULL WHERE id % 6 = 0`);
  await expectSummariesEqual();
  // Repayments moved to the next loan (keyed against the wrong one).
  await t.db.execute(sql`
    UPDATE repayments r SET application_id = r.application_id + 1
     WHERE r.id % 5 = 0 AND EXISTS (SELECT 1 FROM loan_applications la WHERE la.id = r.application_id + 1)`);
  await expectSummariesEqual();

  // Loans: moved between branches with new totals and tenures; closed; rejected; edits that move no figure.
  await t.db.execute(sql`
    UPDATE loan_applications SET branch_id = (SELECT max(id) FROM branches), total_amount_due = total_amount_due + 100.01, tenure_months = tenure_months + 1
     WHERE id % 3 = 0`);
  await expectSummariesEqual();
  await t.db.execute(sql`UPDATE loan_applications SET status = 'closed', closed_at = now() WHERE id % 7 = 0 AND status = 'approved'`);
  await t.db.execute(sql`UPDATE loan_applications SET status = 'rejected' WHERE id % 10 = 0`);
  await t.db.execute(sql`UPDATE loan_applications SET fullname = fullname || ' Jr', mobile = '+260979999999' WHERE id % 2 = 0`);
  await expectSummariesEqual();
  // Closed-unsigned: loans closed before closed_at was kept (their updated_at is the closing moment), amounts edited.
  await t.db.execute(sql`UPDATE loan_applications SET updated_at = updated_at - interval '3 days', amount = amount + 0.05 WHERE status = 'closed' AND id % 2 = 1`);
  await expectSummariesEqual();

  // Payouts: successes that turn out failed, loans never paid out now paid, a payout's day moved.
  await t.db.execute(sql`UPDATE disbursements SET status = 'failed' WHERE status = 'success' AND application_id % 8 = 0`);
  await t.db.execute(sql`
    INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status, created_at)
    SELECT id, branch_id, amount, 'instant_bulk', mobile, 'success', approved_at + interval '3 days' FROM loan_applications WHERE id % 9 = 0 AND status = 'approved'`);
  await t.db.execute(sql`UPDATE disbursements SET created_at = created_at + interval '40 days' WHERE status = 'success' AND application_id % 5 = 1`);
  await expectSummariesEqual();

  // Letters: pending ones signed, signed ones expired, a batch deleted.
  await t.db.execute(sql`UPDATE offer_letters SET status = 'signed', signed_at = created_at + interval '30 hours' WHERE status = 'pending'`);
  await t.db.execute(sql`UPDATE offer_letters SET status = 'expired', signed_at = NULL WHERE application_id % 6 = 1`);
  await t.db.execute(sql`DELETE FROM offer_letters WHERE application_id % 13 = 0`);
  await expectSummariesEqual();

  // Deletions: repayments in bulk, then loans in bulk (their letters go, payouts and repayments lose their loan).
  await t.db.execute(sql`DELETE FROM repayments WHERE id % 7 = 0`);
  await expectSummariesEqual();
  const before = await count('loan_applications');
  await t.db.execute(sql`DELETE FROM loan_applications WHERE id % 6 = 0`);
  expect(await count('loan_applications')).toBeLessThan(before);
  await expectSummariesEqual();

  // All of it again inside one transaction: the figures are right at its end.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference)
                         SELECT id, 12.34, business_today() - (id % 30)::int, 'TX-' || id FROM loan_applications WHERE status IN ('approved', 'closed')`);
    await tx.execute(sql`UPDATE repayments SET reversed_at = now(), reversal_reason = 'moved' WHERE reference LIKE 'TX-%' AND id % 2 = 0`);
    await tx.execute(sql`UPDATE loan_applications SET branch_id = (SELECT min(id) FROM branches) WHERE id % 4 = 1`);
  });
  await expectSummariesEqual();
});
