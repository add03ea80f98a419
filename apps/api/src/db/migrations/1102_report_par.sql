-- Portfolio at risk's facts (owner: reports, issue 17): one narrow row per disbursed loan
-- with its balance and the due date of its oldest instalment not fully paid, copied from
-- loan_balances (THE source of balances) by the same resync as report_daily (migration
-- 1100), in the writes' transactions. Days past due depend on the day the report is read,
-- so they are not stored: the report works them out as loan_balances does,
-- greatest(0, business_today() - next_due_date).

CREATE TABLE report_loan_balances (
  application_id bigint        NOT NULL,
  branch_id      bigint,
  disbursed_on   date          NOT NULL,
  balance        numeric(14,2) NOT NULL,
  next_due_date  date
);
-- One row per loan by construction (no unique key: see report_resync_loans).
CREATE INDEX report_loan_balances_loan_idx ON report_loan_balances (application_id);
CREATE INDEX report_loan_balances_disbursed_idx ON report_loan_balances (disbursed_on);

CREATE OR REPLACE FUNCTION report_resync_loans(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- The balances: replaced from loan_balances (same one-statement rule).
  WITH gone AS (DELETE FROM report_loan_balances b WHERE b.application_id = ANY (ids))
  INSERT INTO report_loan_balances (application_id, branch_id, disbursed_on, balance, next_due_date)
  SELECT lb.application_id, lb.branch_id, lb.disbursed_on, lb.balance, lb.next_due_date
    FROM loan_balances lb
   WHERE lb.application_id = ANY (ids) AND lb.disbursed_on IS NOT NULL;
END $$;

-- The book as it stands.
INSERT INTO report_loan_balances (application_id, branch_id, disbursed_on, balance, next_due_date)
SELECT lb.application_id, lb.branch_id, lb.disbursed_on, lb.balance, lb.next_due_date
  FROM loan_balances lb WHERE lb.disbursed_on IS NOT NULL;
