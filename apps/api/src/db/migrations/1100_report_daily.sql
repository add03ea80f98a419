-- Report summaries (owner: reports, issue 17): money in and out per Lusaka day and branch,
-- kept in step with the writes IN THE SAME TRANSACTION (statement triggers), so the
-- collections and disbursed-vs-repaid reports read a few thousand rows instead of adding
-- up millions of repayments and generating every loan's schedule.
--
-- What a loan adds (the same sources and rules as the live queries they replace):
-- * due:       its instalments (the loan_schedule view: approved or closed loans with a
--              successful disbursement), by due date;
-- * collected: its repayments not reversed, by paid_at;
-- * disbursed: its successful disbursements, by the Lusaka date they were made;
-- all under the loan's branch (0 = none). The reports filter `day <= business_today()` for
-- what fell due, so nothing here depends on the day it is read.
--
-- How it stays exact: report_loan_days holds what each loan last added. Any statement that
-- changes a loan's repayments, disbursements or its own branch / status / total / tenure
-- calls report_resync_loans(ids) for the loans it touched: what they added is taken out
-- of report_daily, what they add now is computed from the base tables and put back. A
-- resync makes the summary match the base tables whatever the order of events (cascades,
-- multi-row statements, edits of the amount or the day, reversals, moves between branches).
-- Rows of report_daily are locked in (day, branch) order: concurrent writers wait, never
-- deadlock on them.

CREATE TABLE report_loan_days (
  application_id  bigint        NOT NULL,
  day             date          NOT NULL,
  branch_id       bigint        NOT NULL,
  due             numeric(16,2) NOT NULL DEFAULT 0,
  due_count       integer       NOT NULL DEFAULT 0,
  collected       numeric(16,2) NOT NULL DEFAULT 0,
  collected_count integer       NOT NULL DEFAULT 0,
  disbursed       numeric(16,2) NOT NULL DEFAULT 0,
  disbursed_count integer       NOT NULL DEFAULT 0
);
-- One row per (loan, day) by construction (report_loan_contributions groups by them); no
-- unique key, see report_resync_loans.
CREATE INDEX report_loan_days_loan_idx ON report_loan_days (application_id);

CREATE TABLE report_daily (
  day             date          NOT NULL,
  branch_id       bigint        NOT NULL,
  due             numeric(18,2) NOT NULL DEFAULT 0,
  due_count       integer       NOT NULL DEFAULT 0,
  collected       numeric(18,2) NOT NULL DEFAULT 0,
  collected_count integer       NOT NULL DEFAULT 0,
  disbursed       numeric(18,2) NOT NULL DEFAULT 0,
  disbursed_count integer       NOT NULL DEFAULT 0,
  PRIMARY KEY (day, branch_id)
);
CREATE INDEX report_daily_branch_day_idx ON report_daily (branch_id, day);

-- What the given loans add today, from the base tables.
CREATE FUNCTION report_loan_contributions(ids bigint[])
RETURNS TABLE (application_id bigint, day date, branch_id bigint, due numeric, due_count integer, collected numeric,
               collected_count integer, disbursed numeric, disbursed_count integer)
LANGUAGE sql STABLE AS $$
  SELECT x.application_id, x.day, coalesce(la.branch_id, 0),
         sum(x.due), sum(x.due_count)::int, sum(x.collected), sum(x.collected_count)::int, sum(x.disbursed), sum(x.disbursed_count)::int
    FROM (SELECT s.application_id, s.due_date AS day, s.amount AS due, 1 AS due_count, 0 AS collected, 0 AS collected_count, 0 AS disbursed, 0 AS disbursed_count
            FROM loan_schedule s WHERE s.application_id = ANY (ids)
          UNION ALL
          SELECT r.application_id, r.paid_at, 0, 0, r.amount, 1, 0, 0
            FROM repayments r WHERE r.application_id = ANY (ids) AND r.reversed_at IS NULL
          UNION ALL
          SELECT d.application_id, (d.created_at AT TIME ZONE 'Africa/Lusaka')::date, 0, 0, 0, 0, d.amount, 1
            FROM disbursements d WHERE d.application_id = ANY (ids) AND d.status = 'success') x
    JOIN loan_applications la ON la.id = x.application_id
   GROUP BY 1, 2, 3
$$;

-- Makes report_daily match the base tables for these loans (see above).
CREATE FUNCTION report_resync_loans(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- One statement: its sub-statements share one snapshot, so the DELETE takes out exactly
  -- what the loans added before and never the rows the INSERT adds now (report_loan_days
  -- has no unique key for them to collide on); report_daily moves by (now - before), one
  -- upsert in (day, branch) order.
  WITH gone AS (
    DELETE FROM report_loan_days d WHERE d.application_id = ANY (ids) RETURNING d.*
  ), now_ AS (
    INSERT INTO report_loan_days SELECT * FROM report_loan_contributions(ids) RETURNING *
  ), delta AS (
    SELECT day, branch_id, sum(due) AS due, sum(due_count) AS due_count, sum(collected) AS collected,
           sum(collected_count) AS collected_count, sum(disbursed) AS disbursed, sum(disbursed_count) AS disbursed_count
      FROM (SELECT day, branch_id, -due AS due, -due_count AS due_count, -collected AS collected, -collected_count AS collected_count,
                   -disbursed AS disbursed, -disbursed_count AS disbursed_count FROM gone
            UNION ALL
            SELECT day, branch_id, due, due_count, collected, collected_count, disbursed, disbursed_count FROM now_) c
     GROUP BY 1, 2
    HAVING sum(due) <> 0 OR sum(due_count) <> 0 OR sum(collected) <> 0 OR sum(collected_count) <> 0
        OR sum(disbursed) <> 0 OR sum(disbursed_count) <> 0
  )
  INSERT INTO report_daily AS t (day, branch_id, due, due_count, collected, collected_count, disbursed, disbursed_count)
  SELECT day, branch_id, due, due_count, collected, collected_count, disbursed, disbursed_count FROM delta ORDER BY day, branch_id
  ON CONFLICT (day, branch_id) DO UPDATE
     SET due = t.due + EXCLUDED.due, due_count = t.due_count + EXCLUDED.due_count,
         collected = t.collected + EXCLUDED.collected, collected_count = t.collected_count + EXCLUDED.collected_count,
         disbursed = t.disbursed + EXCLUDED.disbursed, disbursed_count = t.disbursed_count + EXCLUDED.disbursed_count;
END $$;

-- Statement triggers: one resync per statement for every loan it touched.
CREATE FUNCTION report_sync_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_resync_loans(ARRAY(SELECT DISTINCT application_id FROM new_rows));
  RETURN NULL;
END $$;
CREATE FUNCTION report_sync_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_resync_loans(ARRAY(SELECT DISTINCT application_id FROM old_rows));
  RETURN NULL;
END $$;
CREATE FUNCTION report_sync_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_resync_loans(ARRAY(SELECT application_id FROM old_rows UNION SELECT application_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER repayments_report_ins AFTER INSERT ON repayments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_new();
CREATE TRIGGER repayments_report_upd AFTER UPDATE ON repayments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_changed();
CREATE TRIGGER repayments_report_del AFTER DELETE ON repayments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_old();

CREATE TRIGGER disbursements_report_ins AFTER INSERT ON disbursements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_new();
CREATE TRIGGER disbursements_report_upd AFTER UPDATE ON disbursements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_changed();
CREATE TRIGGER disbursements_report_del AFTER DELETE ON disbursements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_old();

-- An application's own changes matter only when they move its figures: branch, status
-- (approved / closed), total or tenure (the schedule). Other updates cost one join.
CREATE FUNCTION report_sync_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_resync_loans(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM report_resync_loans(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.branch_id IS DISTINCT FROM o.branch_id OR n.status IS DISTINCT FROM o.status
          OR n.total_amount_due IS DISTINCT FROM o.total_amount_due OR n.tenure_months IS DISTINCT FROM o.tenure_months));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER loan_applications_report_upd AFTER UPDATE ON loan_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_applications();
CREATE TRIGGER loan_applications_report_del AFTER DELETE ON loan_applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_applications();

-- The book as it stands.
SELECT report_resync_loans(ARRAY(SELECT id FROM loan_applications));
