-- Repayments move the report summaries by their own delta (owner: reports, issue 17).
-- A repayment changes only what was collected and the loan's balance, so instead of
-- resyncing each touched loan whole (its schedule, payouts and repayments: about 16 times
-- the cost of a bulk insert of 10,000 repayments), a repayments statement:
-- * adds its delta (new live rows minus old live rows, by paid_at and the loan's branch) to
--   report_loan_days as extra rows (that table has no unique key: a later resync of the loan
--   takes out the sum of all its rows) and the same delta, grouped, to report_daily in
--   (day, branch) order;
-- * refreshes report_loan_balances of the loans it touched (balance and next due date).
-- A loan's branch moves still go through report_resync_loans (migration 1100), which
-- rewrites all of the loan's rows, so the deltas always sit under the loan's current branch.

CREATE FUNCTION report_refresh_balances(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM report_loan_balances b WHERE b.application_id = ANY (ids))
  INSERT INTO report_loan_balances (application_id, branch_id, disbursed_on, balance, next_due_date)
  SELECT lb.application_id, lb.branch_id, lb.disbursed_on, lb.balance, lb.next_due_date
    FROM loan_balances lb
   WHERE lb.application_id = ANY (ids) AND lb.disbursed_on IS NOT NULL;
END $$;

-- Adds the collected delta of some repayment rows (sign -1: taken out, +1: put in).
CREATE FUNCTION report_apply_collected(apps bigint[], days date[], amounts numeric[], signs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT * FROM unnest(apps, days, amounts, signs) AS m(application_id, paid_at, amount, sign)
  ), delta AS (
    SELECT m.application_id, m.paid_at AS day, coalesce(la.branch_id, 0) AS branch_id,
           sum(m.sign * m.amount) AS collected, sum(m.sign)::int AS collected_count
      FROM moved m JOIN loan_applications la ON la.id = m.application_id
     GROUP BY 1, 2, 3
    HAVING sum(m.sign * m.amount) <> 0 OR sum(m.sign) <> 0
  ), kept AS (
    INSERT INTO report_loan_days (application_id, day, branch_id, collected, collected_count)
    SELECT application_id, day, branch_id, collected, collected_count FROM delta RETURNING day, branch_id, collected, collected_count
  )
  INSERT INTO report_daily AS t (day, branch_id, collected, collected_count)
  SELECT day, branch_id, sum(collected), sum(collected_count) FROM kept GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, branch_id) DO UPDATE
     SET collected = t.collected + EXCLUDED.collected, collected_count = t.collected_count + EXCLUDED.collected_count;
END $$;

-- One function per statement kind: a trigger's function can only name the transition
-- tables its event has.
CREATE FUNCTION report_sync_repayments_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE a bigint[]; d date[]; m numeric[]; s integer[];
BEGIN
  SELECT array_agg(application_id), array_agg(paid_at), array_agg(amount), array_agg(1)
    INTO a, d, m, s FROM new_rows WHERE reversed_at IS NULL AND application_id IS NOT NULL;
  PERFORM report_apply_collected(a, d, m, s);
  PERFORM report_refresh_balances(ARRAY(SELECT DISTINCT application_id FROM new_rows WHERE application_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE FUNCTION report_sync_repayments_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE a bigint[]; d date[]; m numeric[]; s integer[];
BEGIN
  SELECT array_agg(application_id), array_agg(paid_at), array_agg(amount), array_agg(-1)
    INTO a, d, m, s FROM old_rows WHERE reversed_at IS NULL AND application_id IS NOT NULL;
  PERFORM report_apply_collected(a, d, m, s);
  PERFORM report_refresh_balances(ARRAY(SELECT DISTINCT application_id FROM old_rows WHERE application_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE FUNCTION report_sync_repayments_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE a bigint[]; d date[]; m numeric[]; s integer[];
BEGIN
  SELECT array_agg(x.application_id), array_agg(x.paid_at), array_agg(x.amount), array_agg(x.sign)
    INTO a, d, m, s
    FROM (SELECT application_id, paid_at, amount, -1 AS sign FROM old_rows WHERE reversed_at IS NULL AND application_id IS NOT NULL
          UNION ALL
          SELECT application_id, paid_at, amount, 1 FROM new_rows WHERE reversed_at IS NULL AND application_id IS NOT NULL) x;
  PERFORM report_apply_collected(a, d, m, s);
  PERFORM report_refresh_balances(ARRAY(SELECT application_id FROM old_rows WHERE application_id IS NOT NULL
                                        UNION SELECT application_id FROM new_rows WHERE application_id IS NOT NULL));
  RETURN NULL;
END $$;

DROP TRIGGER repayments_report_ins ON repayments;
DROP TRIGGER repayments_report_upd ON repayments;
DROP TRIGGER repayments_report_del ON repayments;
CREATE TRIGGER repayments_report_ins AFTER INSERT ON repayments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_repayments_ins();
CREATE TRIGGER repayments_report_upd AFTER UPDATE ON repayments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_repayments_upd();
CREATE TRIGGER repayments_report_del AFTER DELETE ON repayments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync_repayments_del();
