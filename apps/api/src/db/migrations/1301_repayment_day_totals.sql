-- The repayments list's totals (owner: transactions, issue 14) for the view finance opens
-- first: every branch, filtered by dates, method or state. Summing 5M repayments row by row
-- for each page cost hundreds of ms; this table keeps, per paid date, method and reversed
-- state, the count and exact sum, in step IN THE SAME TRANSACTION by statement triggers
-- (transition tables). It has no branch on purpose: a repayment's branch is its loan's, which
-- a deleted application takes with it (application_id SET NULL), so a branch-bound view, a
-- branch filter, a loan filter or a search sum their (fewer) rows themselves.

CREATE TABLE repayment_day_totals (
  day       date          NOT NULL,
  method    text          NOT NULL,
  reversed  boolean       NOT NULL,
  count     bigint        NOT NULL DEFAULT 0,
  amount    numeric(18,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, method, reversed)
);

CREATE FUNCTION repayment_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Keys in one order, so two statements never wait on each other's rows crosswise.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO repayment_day_totals AS s (day, method, reversed, count, amount)
    SELECT paid_at, method, reversed_at IS NOT NULL, -count(*), -sum(amount) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, method, reversed) DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO repayment_day_totals AS s (day, method, reversed, count, amount)
    SELECT paid_at, method, reversed_at IS NOT NULL, count(*), sum(amount) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, method, reversed) DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER repayment_day_totals_insert AFTER INSERT ON repayments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION repayment_day_totals_apply();
CREATE TRIGGER repayment_day_totals_update AFTER UPDATE ON repayments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION repayment_day_totals_apply();
CREATE TRIGGER repayment_day_totals_delete AFTER DELETE ON repayments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION repayment_day_totals_apply();

CREATE FUNCTION repayment_day_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM repayment_day_totals;
  RETURN NULL;
END $$;
CREATE TRIGGER repayment_day_totals_truncate AFTER TRUNCATE ON repayments
  FOR EACH STATEMENT EXECUTE FUNCTION repayment_day_totals_truncate();

-- The book as it stands.
INSERT INTO repayment_day_totals (day, method, reversed, count, amount)
SELECT paid_at, method, reversed_at IS NOT NULL, count(*), sum(amount) FROM repayments GROUP BY 1, 2, 3;
