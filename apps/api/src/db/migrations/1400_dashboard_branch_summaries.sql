-- The dashboard for branch-bound users at 1M (owner: dashboard): every figure a user bound to
-- one branch sees comes from a summary, as an administrator's does, and the default view
-- (daily-card-stats, 'Yesterday') reads a few summary rows instead of a day of applications.
--
-- 1. An offer letter keeps its branch: offer_letters.branch_id is its application's branch,
--    set when the letter is written (BEFORE INSERT). When an application moves to another
--    branch, its letters move with it in the same statement (a statement trigger on
--    loan_applications), so a letter is always counted, listed and reported under the branch
--    its loan belongs to now: the branch's lists, the reports (report_offer_letters) and the
--    dashboard agree. A denormalised copy kept by the triggers, hence no foreign key of its
--    own (the application's branch_id has it).
-- 2. dashboard_offer_counts (0201) gets the branch (0 = none): letters by state, branch and
--    UTC month of creation.
-- 3. dashboard_application_days and dashboard_offer_days: applications (kind 'application')
--    and letters by Lusaka business day of creation, branch and current state, so 'yesterday
--    until now' is the rows of two days. Kept by statement-level triggers (transition tables)
--    IN THE SAME TRANSACTION as the writes; TRUNCATE resets them.
-- Pending letters already past their expiry still count as expired at the moment of reading,
-- for one branch from offer_letters_pending_branch_idx (index-only).

ALTER TABLE offer_letters ADD COLUMN branch_id bigint;

-- The letters as they stand. Nothing kept so far depends on offer_letters.branch_id, so the
-- existing UPDATE triggers (report facts, funnel, counts) would only redo what they hold:
-- they stay off while the column is filled.
ALTER TABLE offer_letters DISABLE TRIGGER USER;
UPDATE offer_letters ol SET branch_id = la.branch_id FROM loan_applications la WHERE la.id = ol.application_id AND la.branch_id IS NOT NULL;
ALTER TABLE offer_letters ENABLE TRIGGER USER;

CREATE FUNCTION offer_letters_take_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.branch_id := (SELECT branch_id FROM loan_applications WHERE id = NEW.application_id);
  RETURN NEW;
END $$;
CREATE TRIGGER offer_letters_take_branch BEFORE INSERT OR UPDATE OF application_id ON offer_letters
  FOR EACH ROW EXECUTE FUNCTION offer_letters_take_branch();

CREATE FUNCTION offer_letters_follow_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offer_letters ol SET branch_id = n.branch_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE ol.application_id = n.id AND n.branch_id IS DISTINCT FROM o.branch_id;
  RETURN NULL;
END $$;
CREATE TRIGGER loan_applications_letters_branch AFTER UPDATE ON loan_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_letters_follow_branch();

-- A branch's pending letters by creation time, with their expiry: 'pending but past expiry'
-- of a branch and period without the heap (every branch reads offer_letters_pending_expiry_idx
-- and offer_letters_status_created_cover_idx as before).
CREATE INDEX offer_letters_pending_branch_idx ON offer_letters (branch_id, created_at) INCLUDE (expires_at) WHERE status = 'pending';

-- 2. Offer counts by branch.
ALTER TABLE dashboard_offer_counts ADD COLUMN branch_id bigint NOT NULL DEFAULT 0;
ALTER TABLE dashboard_offer_counts DROP CONSTRAINT dashboard_offer_counts_pkey;
ALTER TABLE dashboard_offer_counts ADD PRIMARY KEY (status, branch_id, month);
DELETE FROM dashboard_offer_counts;
INSERT INTO dashboard_offer_counts (status, branch_id, month, count)
SELECT status, coalesce(branch_id, 0), date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*) FROM offer_letters GROUP BY 1, 2, 3;

-- 3. By business day.
CREATE TABLE dashboard_application_days (
  day        date          NOT NULL,
  branch_id  bigint        NOT NULL,
  status     text          NOT NULL,
  count      bigint        NOT NULL DEFAULT 0,
  amount     numeric(18,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, branch_id, status)
);
CREATE TABLE dashboard_offer_days (
  day        date   NOT NULL,
  branch_id  bigint NOT NULL,
  status     text   NOT NULL,
  count      bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, branch_id, status)
);

-- Each trigger hands its rows' changes (+1 / -1 per row, with the amount) to one function
-- that adds them to the summaries, keys in one order (ORDER BY the key) so two statements
-- never wait on each other's rows crosswise. An UPDATE moves only the rows whose counted
-- columns changed (most updates of a letter or an application change none of them).
CREATE FUNCTION dashboard_offers_add(statuses text[], branches bigint[], created timestamptz[], signs int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_offer_counts AS s (status, branch_id, month, count)
  SELECT st, br, date_trunc('month', at AT TIME ZONE 'UTC')::date, sum(n) FROM unnest(statuses, branches, created, signs) AS d(st, br, at, n)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (status, branch_id, month) DO UPDATE SET count = s.count + excluded.count;
  INSERT INTO dashboard_offer_days AS s (day, branch_id, status, count)
  SELECT (at AT TIME ZONE 'Africa/Lusaka')::date, br, st, sum(n) FROM unnest(statuses, branches, created, signs) AS d(st, br, at, n)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, branch_id, status) DO UPDATE SET count = s.count + excluded.count;
END $$;

-- Replaces 0201's function (its triggers stay).
CREATE OR REPLACE FUNCTION dashboard_offer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_offers_add(array_agg(status), array_agg(coalesce(branch_id, 0)), array_agg(created_at), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_offers_add(array_agg(status), array_agg(coalesce(branch_id, 0)), array_agg(created_at), array_agg(-1)) FROM old_rows;
  ELSE
    PERFORM dashboard_offers_add(array_agg(d.st), array_agg(d.br), array_agg(d.at), array_agg(d.sign))
       FROM old_rows o JOIN new_rows w ON w.id = o.id,
            LATERAL (VALUES (o.status, coalesce(o.branch_id, 0), o.created_at, -1), (w.status, coalesce(w.branch_id, 0), w.created_at, 1)) AS d(st, br, at, sign)
      WHERE (o.status, o.branch_id, o.created_at) IS DISTINCT FROM (w.status, w.branch_id, w.created_at);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION dashboard_offer_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_offer_counts;
  DELETE FROM dashboard_offer_days;
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_applications_add(created timestamptz[], branches bigint[], statuses text[], amounts numeric[], signs int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_application_days AS s (day, branch_id, status, count, amount)
  SELECT (at AT TIME ZONE 'Africa/Lusaka')::date, br, st, sum(n), sum(n * a) FROM unnest(created, branches, statuses, amounts, signs) AS d(at, br, st, a, n)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, branch_id, status) DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
END $$;

-- Applications only (kind 'application'): the cards count no top-ups.
CREATE FUNCTION dashboard_application_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_applications_add(array_agg(created_at), array_agg(coalesce(branch_id, 0)), array_agg(status), array_agg(amount), array_agg(1))
       FROM new_rows WHERE kind = 'application' HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_applications_add(array_agg(created_at), array_agg(coalesce(branch_id, 0)), array_agg(status), array_agg(amount), array_agg(-1))
       FROM old_rows WHERE kind = 'application' HAVING count(*) > 0;
  ELSE
    PERFORM dashboard_applications_add(array_agg(d.at), array_agg(d.br), array_agg(d.st), array_agg(d.a), array_agg(d.sign))
       FROM old_rows o JOIN new_rows w ON w.id = o.id,
            LATERAL (VALUES (o.kind, o.created_at, coalesce(o.branch_id, 0), o.status, o.amount, -1),
                            (w.kind, w.created_at, coalesce(w.branch_id, 0), w.status, w.amount, 1)) AS d(kind, at, br, st, a, sign)
      WHERE d.kind = 'application'
        AND (o.kind, o.created_at, o.branch_id, o.status, o.amount) IS DISTINCT FROM (w.kind, w.created_at, w.branch_id, w.status, w.amount)
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_application_days_insert AFTER INSERT ON loan_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_application_days_apply();
CREATE TRIGGER dashboard_application_days_update AFTER UPDATE ON loan_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_application_days_apply();
CREATE TRIGGER dashboard_application_days_delete AFTER DELETE ON loan_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_application_days_apply();

CREATE FUNCTION dashboard_application_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_application_days;
  RETURN NULL;
END $$;
CREATE TRIGGER dashboard_application_days_truncate AFTER TRUNCATE ON loan_applications
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_application_days_truncate();

-- The book as it stands.
INSERT INTO dashboard_application_days (day, branch_id, status, count, amount)
SELECT (created_at AT TIME ZONE 'Africa/Lusaka')::date, coalesce(branch_id, 0), status, count(*), sum(amount)
  FROM loan_applications WHERE kind = 'application' GROUP BY 1, 2, 3;
INSERT INTO dashboard_offer_days (day, branch_id, status, count)
SELECT (created_at AT TIME ZONE 'Africa/Lusaka')::date, coalesce(branch_id, 0), status, count(*) FROM offer_letters GROUP BY 1, 2, 3;
