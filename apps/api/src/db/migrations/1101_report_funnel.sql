-- The applications funnel's facts (owner: reports, issue 17): one narrow row per
-- application or top-up with what the funnel reads (when it was requested, its branch,
-- whether and how many hours after the previous step it was approved, signed and paid
-- out), kept in step IN THE SAME TRANSACTION by statement triggers on loan_applications,
-- offer_letters and disbursements. The funnel then scans this table (by created_at or
-- branch and created_at) instead of running two correlated look-ups per application.
--
-- The figures are the live query's, worked out the same way (report_funnel_facts below):
-- approved when stamped or approved/closed (NOTES.md transitions); signed at the first
-- signed offer letter; paid out at the first successful disbursement; hours as
-- extract(epoch from the interval) / 3600.0.

CREATE TABLE report_funnel (
  application_id bigint      NOT NULL,
  created_at     timestamptz NOT NULL,
  branch_id      bigint,
  was_approved   boolean     NOT NULL,
  signed         boolean     NOT NULL,
  disbursed      boolean     NOT NULL,
  to_approve     numeric,
  to_sign        numeric,
  to_disburse    numeric
);
-- One row per application by construction (no unique key: see report_funnel_resync).
CREATE INDEX report_funnel_loan_idx ON report_funnel (application_id);
CREATE INDEX report_funnel_created_idx ON report_funnel (created_at);
CREATE INDEX report_funnel_branch_created_idx ON report_funnel (branch_id, created_at);

CREATE FUNCTION report_funnel_facts(ids bigint[])
RETURNS SETOF report_funnel LANGUAGE sql STABLE AS $$
  SELECT c.id, c.created_at, c.branch_id, c.was_approved, c.signed_at IS NOT NULL, c.disbursed_at IS NOT NULL,
         extract(epoch FROM c.approved_at - c.created_at) / 3600.0,
         CASE WHEN c.approved_at IS NOT NULL THEN extract(epoch FROM c.signed_at - c.approved_at) / 3600.0 END,
         extract(epoch FROM c.disbursed_at - c.signed_at) / 3600.0
    FROM (SELECT la.id, la.created_at, la.branch_id, la.approved_at,
                 (la.approved_at IS NOT NULL OR la.status IN ('approved', 'closed')) AS was_approved,
                 (SELECT min(ol.signed_at) FROM offer_letters ol WHERE ol.application_id = la.id AND ol.status = 'signed') AS signed_at,
                 (SELECT min(d.created_at) FROM disbursements d WHERE d.application_id = la.id AND d.status = 'success') AS disbursed_at
            FROM loan_applications la
           WHERE la.id = ANY (ids) AND la.kind IN ('application', 'topup')) c
$$;

CREATE FUNCTION report_funnel_resync(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- One statement, one snapshot: the DELETE removes the old facts, never the new ones.
  WITH gone AS (DELETE FROM report_funnel f WHERE f.application_id = ANY (ids))
  INSERT INTO report_funnel SELECT * FROM report_funnel_facts(ids);
END $$;

CREATE FUNCTION report_funnel_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_funnel_resync(ARRAY(SELECT DISTINCT application_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_funnel_resync(ARRAY(SELECT DISTINCT application_id FROM old_rows));
  ELSE
    PERFORM report_funnel_resync(ARRAY(SELECT application_id FROM old_rows UNION SELECT application_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_funnel_sync_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_funnel_resync(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_funnel_resync(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM report_funnel_resync(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.kind IS DISTINCT FROM o.kind OR n.created_at IS DISTINCT FROM o.created_at OR n.branch_id IS DISTINCT FROM o.branch_id
          OR n.status IS DISTINCT FROM o.status OR n.approved_at IS DISTINCT FROM o.approved_at));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER loan_applications_funnel_ins AFTER INSERT ON loan_applications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync_applications();
CREATE TRIGGER loan_applications_funnel_upd AFTER UPDATE ON loan_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync_applications();
CREATE TRIGGER loan_applications_funnel_del AFTER DELETE ON loan_applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync_applications();

CREATE TRIGGER offer_letters_funnel_ins AFTER INSERT ON offer_letters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();
CREATE TRIGGER offer_letters_funnel_upd AFTER UPDATE ON offer_letters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();
CREATE TRIGGER offer_letters_funnel_del AFTER DELETE ON offer_letters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();

CREATE TRIGGER disbursements_funnel_ins AFTER INSERT ON disbursements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();
CREATE TRIGGER disbursements_funnel_upd AFTER UPDATE ON disbursements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();
CREATE TRIGGER disbursements_funnel_del AFTER DELETE ON disbursements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_funnel_sync();

-- The book as it stands.
SELECT report_funnel_resync(ARRAY(SELECT id FROM loan_applications));
