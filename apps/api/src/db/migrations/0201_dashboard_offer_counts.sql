-- Offer letters by state and month of creation (owner: dashboard), kept by statement-level
-- triggers like loan_stats_monthly, so the offer figures of a month, a year or all time
-- never count offer_letters row by row. Months are UTC months, as in loan_stats_monthly.
-- (Pending letters past their expiry are counted apart, from offer_letters_pending_expiry_idx.)

CREATE TABLE dashboard_offer_counts (
  status  text NOT NULL,
  month   date NOT NULL,
  count   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (status, month)
);

CREATE FUNCTION dashboard_offer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO dashboard_offer_counts AS s (status, month, count)
    SELECT status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (status, month) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO dashboard_offer_counts AS s (status, month, count)
    SELECT status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (status, month) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_offers_insert AFTER INSERT ON offer_letters
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_offer_counts_apply();
CREATE TRIGGER dashboard_offers_update AFTER UPDATE ON offer_letters
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_offer_counts_apply();
CREATE TRIGGER dashboard_offers_delete AFTER DELETE ON offer_letters
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_offer_counts_apply();

CREATE FUNCTION dashboard_offer_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_offer_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_offers_truncate AFTER TRUNCATE ON offer_letters
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_offer_counts_truncate();

INSERT INTO dashboard_offer_counts (status, month, count)
SELECT status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*) FROM offer_letters GROUP BY 1, 2;
