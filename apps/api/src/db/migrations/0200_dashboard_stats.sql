-- Dashboard statistics (owner: dashboard). Totals of the SMS outbox and of disbursements,
-- kept by statement-level triggers (the pattern of loan_stats_monthly) so the dashboard
-- never scans messages or disbursements whole; and indexes for the dated counts.

CREATE TABLE dashboard_message_counts (
  channel  text NOT NULL,
  status   text NOT NULL,
  count    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (channel, status)
);

CREATE FUNCTION dashboard_message_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO dashboard_message_counts AS s (channel, status, count)
    SELECT channel, status, -count(*) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (channel, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO dashboard_message_counts AS s (channel, status, count)
    SELECT channel, status, count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (channel, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_messages_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_message_counts_apply();
CREATE TRIGGER dashboard_messages_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_message_counts_apply();
CREATE TRIGGER dashboard_messages_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_message_counts_apply();

CREATE TABLE dashboard_disbursement_totals (
  status      text NOT NULL,
  reconciled  boolean NOT NULL,
  count       bigint NOT NULL DEFAULT 0,
  amount      numeric(18,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (status, reconciled)
);

CREATE FUNCTION dashboard_disbursement_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO dashboard_disbursement_totals AS s (status, reconciled, count, amount)
    SELECT status, reconciled, -count(*), -sum(amount) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (status, reconciled) DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO dashboard_disbursement_totals AS s (status, reconciled, count, amount)
    SELECT status, reconciled, count(*), sum(amount) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (status, reconciled) DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_disbursements_insert AFTER INSERT ON disbursements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_disbursement_totals_apply();
CREATE TRIGGER dashboard_disbursements_update AFTER UPDATE ON disbursements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_disbursement_totals_apply();
CREATE TRIGGER dashboard_disbursements_delete AFTER DELETE ON disbursements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_disbursement_totals_apply();

-- TRUNCATE has no transition table: start the totals again from zero.
CREATE FUNCTION dashboard_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN DELETE FROM dashboard_message_counts;
  ELSE DELETE FROM dashboard_disbursement_totals; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_messages_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_truncate();
CREATE TRIGGER dashboard_disbursements_truncate AFTER TRUNCATE ON disbursements
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_truncate();

-- Rows written before this migration.
INSERT INTO dashboard_message_counts (channel, status, count)
SELECT channel, status, count(*) FROM messages GROUP BY 1, 2;
INSERT INTO dashboard_disbursement_totals (status, reconciled, count, amount)
SELECT status, reconciled, count(*), sum(amount) FROM disbursements GROUP BY 1, 2;

-- Dated counts need no index of their own: messages_channel_idx covers (channel, created_at),
-- loan_applications_created_idx (kind, created_at), disbursements_created_idx (created_at), and
-- offer_letters_status_idx / offer_letters_pending_expiry_idx the offer states.
