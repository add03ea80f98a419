-- The offer letters report's facts (owner: reports, issue 17): one narrow row per letter
-- with its application's branch, so the report scans this table by created_at instead of
-- joining every letter to its application. Kept in step IN THE SAME TRANSACTION by
-- statement triggers on offer_letters and on loan_applications (a branch move, a deletion).
-- Whether a pending letter is past its expiry depends on the moment the report is read, so
-- the report still compares expires_at with now(); the hours to sign are
-- extract(epoch from signed_at - created_at) / 3600.0 of signed letters, as before.

CREATE TABLE report_offer_letters (
  letter_id      bigint      NOT NULL,
  application_id bigint      NOT NULL,
  created_at     timestamptz NOT NULL,
  -- The Lusaka month of created_at ('2026-03'), worked out once here rather than per read.
  month          text        NOT NULL,
  branch_id      bigint,
  status         text        NOT NULL,
  expires_at     timestamptz,
  to_sign        numeric
);
-- One row per letter by construction (no unique key: see report_offer_letters_resync).
CREATE INDEX report_offer_letters_loan_idx ON report_offer_letters (application_id);
CREATE INDEX report_offer_letters_created_idx ON report_offer_letters (created_at);
CREATE INDEX report_offer_letters_branch_created_idx ON report_offer_letters (branch_id, created_at);

CREATE FUNCTION report_offer_letters_resync(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- One statement, one snapshot: the DELETE removes the old facts, never the new ones.
  WITH gone AS (DELETE FROM report_offer_letters f WHERE f.application_id = ANY (ids))
  INSERT INTO report_offer_letters (letter_id, application_id, created_at, month, branch_id, status, expires_at, to_sign)
  SELECT ol.id, ol.application_id, ol.created_at, to_char(ol.created_at AT TIME ZONE 'Africa/Lusaka', 'YYYY-MM'), la.branch_id, ol.status, ol.expires_at,
         CASE WHEN ol.status = 'signed' AND ol.signed_at IS NOT NULL THEN extract(epoch FROM ol.signed_at - ol.created_at) / 3600.0 END
    FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id
   WHERE ol.application_id = ANY (ids);
END $$;

CREATE FUNCTION report_offer_letters_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_offer_letters_resync(ARRAY(SELECT DISTINCT application_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_offer_letters_resync(ARRAY(SELECT DISTINCT application_id FROM old_rows));
  ELSE
    PERFORM report_offer_letters_resync(ARRAY(SELECT application_id FROM old_rows UNION SELECT application_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_offer_letters_sync_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_offer_letters_resync(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM report_offer_letters_resync(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.branch_id IS DISTINCT FROM o.branch_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER offer_letters_report_ins AFTER INSERT ON offer_letters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_offer_letters_sync();
CREATE TRIGGER offer_letters_report_upd AFTER UPDATE ON offer_letters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_offer_letters_sync();
CREATE TRIGGER offer_letters_report_del AFTER DELETE ON offer_letters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_offer_letters_sync();
CREATE TRIGGER loan_applications_letters_upd AFTER UPDATE ON loan_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_offer_letters_sync_applications();
CREATE TRIGGER loan_applications_letters_del AFTER DELETE ON loan_applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_offer_letters_sync_applications();

-- The book as it stands.
INSERT INTO report_offer_letters (letter_id, application_id, created_at, month, branch_id, status, expires_at, to_sign)
SELECT ol.id, ol.application_id, ol.created_at, to_char(ol.created_at AT TIME ZONE 'Africa/Lusaka', 'YYYY-MM'), la.branch_id, ol.status, ol.expires_at,
       CASE WHEN ol.status = 'signed' AND ol.signed_at IS NOT NULL THEN extract(epoch FROM ol.signed_at - ol.created_at) / 3600.0 END
  FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id;
