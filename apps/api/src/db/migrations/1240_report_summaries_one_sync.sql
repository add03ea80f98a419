-- Report summaries kept in step by ONE trigger function and a few shared SQL functions
-- (owner: reports, issue 17). Migrations 1100-1104 each wrote their own trigger functions
-- (one per table and event, the same "which loans did this statement touch" body over and
-- over) and their own "take the old facts out, put the new ones in" statements. They are
-- replaced here; the tables, their figures and the rules of 1100-1104 stay as they were:
--
-- * report_sync(): the one trigger function, FOR EACH STATEMENT with transition tables
--   (REFERENCING OLD TABLE / NEW TABLE), so a statement of 10,000 rows costs one set-based
--   pass, not 10,000. Its arguments say what the table moves:
--     'collected'               repayments: their own delta (what left / joined the live
--                               repayments, by loan, day and the loan's branch), which also
--                               moves the loans' balances; no whole-loan resync;
--     'daily funnel letters'    any of these: resync those summaries for the loans touched;
--   the column naming the loan ('application_id', or 'id' on loan_applications), and for
--   updates of loan_applications the columns that move a figure (other edits cost nothing).
-- * report_daily_add(out, in): moves report_daily by (in - out), summed by (day, branch) and
--   upserted in that order (concurrent writers wait on each other, never deadlock).
-- * report_replace_facts(table, ids): the per-row fact tables (report_funnel,
--   report_offer_letters, report_loan_balances) replace the rows of the loans touched by
--   what <table>_facts(ids) answers now, in one statement (one snapshot: the DELETE takes
--   out the old facts, never the new ones; the tables have no unique key to collide on).
-- * report_sync_install(table, what, column, watched): creates the three statement triggers
--   (insert, update, delete) of a table.

-- Every trigger and trigger function of 1100-1104 (the tables and resync rules stay).
DROP TRIGGER repayments_report_ins ON repayments;
DROP TRIGGER repayments_report_upd ON repayments;
DROP TRIGGER repayments_report_del ON repayments;
DROP TRIGGER disbursements_report_ins ON disbursements;
DROP TRIGGER disbursements_report_upd ON disbursements;
DROP TRIGGER disbursements_report_del ON disbursements;
DROP TRIGGER disbursements_funnel_ins ON disbursements;
DROP TRIGGER disbursements_funnel_upd ON disbursements;
DROP TRIGGER disbursements_funnel_del ON disbursements;
DROP TRIGGER loan_applications_report_upd ON loan_applications;
DROP TRIGGER loan_applications_report_del ON loan_applications;
DROP TRIGGER loan_applications_funnel_ins ON loan_applications;
DROP TRIGGER loan_applications_funnel_upd ON loan_applications;
DROP TRIGGER loan_applications_funnel_del ON loan_applications;
DROP TRIGGER loan_applications_letters_upd ON loan_applications;
DROP TRIGGER loan_applications_letters_del ON loan_applications;
DROP TRIGGER offer_letters_funnel_ins ON offer_letters;
DROP TRIGGER offer_letters_funnel_upd ON offer_letters;
DROP TRIGGER offer_letters_funnel_del ON offer_letters;
DROP TRIGGER offer_letters_report_ins ON offer_letters;
DROP TRIGGER offer_letters_report_upd ON offer_letters;
DROP TRIGGER offer_letters_report_del ON offer_letters;
DROP FUNCTION report_sync_new(), report_sync_old(), report_sync_changed(), report_sync_applications(),
              report_funnel_sync(), report_funnel_sync_applications(),
              report_offer_letters_sync(), report_offer_letters_sync_applications(),
              report_sync_repayments_ins(), report_sync_repayments_del(), report_sync_repayments_upd(),
              report_apply_collected(bigint[], date[], numeric[], integer[]), report_refresh_balances(bigint[]),
              report_funnel_resync(bigint[]), report_offer_letters_resync(bigint[]);

-- The facts of each per-row table, from the base tables (report_funnel_facts is 1101's).
CREATE FUNCTION report_offer_letters_facts(ids bigint[]) RETURNS SETOF report_offer_letters LANGUAGE sql STABLE AS $$
  SELECT ol.id, ol.application_id, ol.created_at, to_char(ol.created_at AT TIME ZONE 'Africa/Lusaka', 'YYYY-MM'), la.branch_id, ol.status, ol.expires_at,
         CASE WHEN ol.status = 'signed' AND ol.signed_at IS NOT NULL THEN extract(epoch FROM ol.signed_at - ol.created_at) / 3600.0 END
    FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id
   WHERE ol.application_id = ANY (ids)
$$;
CREATE FUNCTION report_loan_balances_facts(ids bigint[]) RETURNS SETOF report_loan_balances LANGUAGE sql STABLE AS $$
  SELECT lb.application_id, lb.branch_id, lb.disbursed_on, lb.balance, lb.next_due_date
    FROM loan_balances lb
   WHERE lb.application_id = ANY (ids) AND lb.disbursed_on IS NOT NULL
$$;

CREATE FUNCTION report_replace_facts(tbl text, ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('WITH gone AS (DELETE FROM %1$I f WHERE f.application_id = ANY ($1)) INSERT INTO %1$I SELECT * FROM %2$I($1)', tbl, tbl || '_facts')
    USING ids;
END $$;

-- report_daily moves by (put_in - taken_out); both are rows of report_loan_days.
CREATE FUNCTION report_daily_add(taken_out report_loan_days[], put_in report_loan_days[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily AS t (day, branch_id, due, due_count, collected, collected_count, disbursed, disbursed_count)
  SELECT day, branch_id, sum(s * due), sum(s * due_count), sum(s * collected), sum(s * collected_count), sum(s * disbursed), sum(s * disbursed_count)
    FROM (SELECT -1 AS s, * FROM unnest(taken_out) UNION ALL SELECT 1, * FROM unnest(put_in)) m
   GROUP BY day, branch_id
  HAVING sum(s * due) <> 0 OR sum(s * due_count) <> 0 OR sum(s * collected) <> 0 OR sum(s * collected_count) <> 0
      OR sum(s * disbursed) <> 0 OR sum(s * disbursed_count) <> 0
   ORDER BY day, branch_id
  ON CONFLICT (day, branch_id) DO UPDATE
     SET due = t.due + EXCLUDED.due, due_count = t.due_count + EXCLUDED.due_count,
         collected = t.collected + EXCLUDED.collected, collected_count = t.collected_count + EXCLUDED.collected_count,
         disbursed = t.disbursed + EXCLUDED.disbursed, disbursed_count = t.disbursed_count + EXCLUDED.disbursed_count
$$;

-- 1100's resync of whole loans (report_loan_days and report_daily) and 1102's balances, on the shared pieces.
CREATE OR REPLACE FUNCTION report_resync_loans(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM report_loan_days d WHERE d.application_id = ANY (ids) RETURNING d),
       added AS (INSERT INTO report_loan_days AS a SELECT * FROM report_loan_contributions(ids) RETURNING a)
  SELECT report_daily_add(ARRAY(SELECT d FROM gone), ARRAY(SELECT a FROM added));
  SELECT report_replace_facts('report_loan_balances', ids);
$$;

-- The instalment a loan pays next when `paid` of it is paid: loan_balances' rule (0840, its
-- next_no: the oldest instalment not fully paid; none when paid in full).
CREATE FUNCTION report_next_due_no(total numeric, n integer, paid numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN paid >= total THEN NULL
              WHEN loan_instalment(total, n) = 0 THEN n
              ELSE least(n, floor(paid / loan_instalment(total, n))::int + 1) END
$$;

-- Repayments that left (sign -1) or joined (+1) the live ones move what was collected by
-- their own delta, by loan, day and the loan's branch (1104): appended to report_loan_days (a
-- later resync of the loan takes out the sum of all its rows) and added to report_daily. The
-- same delta per loan moves report_loan_balances: the balance less what was collected, the
-- next due date worked out again from what is now paid (balance = total - paid exactly, both
-- numeric(14,2)). Nothing is read from the loans' other repayments or their payouts, so the
-- cost follows the statement's rows, not the size of the book.
CREATE FUNCTION report_collected_add(apps bigint[], days date[], amounts numeric[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  WITH delta AS (
    SELECT m.application_id, m.paid_at AS day, coalesce(la.branch_id, 0) AS branch_id,
           sum(m.sign * m.amount) AS collected, sum(m.sign)::int AS collected_count
      FROM unnest(apps, days, amounts, signs) AS m(application_id, paid_at, amount, sign)
      JOIN loan_applications la ON la.id = m.application_id
     GROUP BY 1, 2, 3
    HAVING sum(m.sign * m.amount) <> 0 OR sum(m.sign) <> 0
  ), kept AS (
    INSERT INTO report_loan_days AS k (application_id, day, branch_id, collected, collected_count)
    SELECT application_id, day, branch_id, collected, collected_count FROM delta RETURNING k
  ), per_loan AS (
    SELECT application_id, sum(collected) AS collected FROM delta GROUP BY 1 HAVING sum(collected) <> 0
  ), balances AS (
    UPDATE report_loan_balances b
       SET balance = b.balance - p.collected,
           next_due_date = (b.disbursed_on + make_interval(months => report_next_due_no(la.total_amount_due, la.tenure_months,
                                                                                        la.total_amount_due - (b.balance - p.collected))))::date
      FROM per_loan p JOIN loan_applications la ON la.id = p.application_id
     WHERE b.application_id = p.application_id
  )
  SELECT report_daily_add('{}', ARRAY(SELECT k FROM kept))
$$;

-- The summaries named (any of 'daily' (with the balances), 'funnel', 'letters') for these loans.
CREATE FUNCTION report_resync(ids bigint[], what text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  IF 'daily' = ANY (what) THEN PERFORM report_resync_loans(ids); END IF;
  IF 'funnel' = ANY (what) THEN PERFORM report_replace_facts('report_funnel', ids); END IF;
  IF 'letters' = ANY (what) THEN PERFORM report_replace_facts('report_offer_letters', ids); END IF;
END $$;

-- The one trigger function (see the top). Transition tables are visible only to the trigger
-- function's own queries (EXECUTE included), not to the functions it calls: what they hold is
-- read here and handed on as arrays.
CREATE FUNCTION report_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  what    text[] := string_to_array(TG_ARGV[0], ' ');
  loan    text := TG_ARGV[1];
  watched text[] := string_to_array(TG_ARGV[2], ' ');
  -- The rows the statement took out (-1) and put in (+1), as one set.
  moved   text := concat_ws(' UNION ALL ',
                    CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT -1 AS sign, * FROM old_rows' END,
                    CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT 1 AS sign, * FROM new_rows' END);
  ids     bigint[];
  a bigint[]; d date[]; m numeric[]; s integer[];
BEGIN
  IF what = ARRAY['collected'] THEN
    EXECUTE format('SELECT array_agg(application_id), array_agg(paid_at), array_agg(amount), array_agg(sign) FROM (%s) x
                     WHERE reversed_at IS NULL AND application_id IS NOT NULL', moved)
      INTO a, d, m, s;
    PERFORM report_collected_add(a, d, m, s);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND watched IS NOT NULL THEN
    -- Only the rows where a watched column changed (the key column identifies a row).
    EXECUTE format('SELECT array_agg(n.%1$I) FROM new_rows n JOIN old_rows o USING (%1$I) WHERE (%2$s) IS DISTINCT FROM (%3$s)', loan,
                   (SELECT string_agg(format('n.%I', c), ', ') FROM unnest(watched) c),
                   (SELECT string_agg(format('o.%I', c), ', ') FROM unnest(watched) c))
      INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %1$I) FROM (%2$s) x WHERE %1$I IS NOT NULL', loan, moved) INTO ids;
  END IF;
  PERFORM report_resync(ids, what);
  RETURN NULL;
END $$;

CREATE FUNCTION report_sync_install(tbl text, what text, loan text, watched text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ev record;
BEGIN
  FOR ev IN SELECT * FROM (VALUES ('ins', 'INSERT', 'NEW TABLE AS new_rows'), ('upd', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'),
                                  ('del', 'DELETE', 'OLD TABLE AS old_rows')) v(suffix, event, refs) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION report_sync(%s)',
                   tbl || '_reports_' || ev.suffix, ev.event, tbl, ev.refs,
                   concat_ws(', ', quote_literal(what), quote_literal(loan), CASE WHEN ev.event = 'UPDATE' THEN quote_literal(watched) END));
  END LOOP;
END $$;

SELECT report_sync_install('repayments', 'collected', 'application_id');
SELECT report_sync_install('disbursements', 'daily funnel', 'application_id');
SELECT report_sync_install('offer_letters', 'funnel letters', 'application_id');
-- An application's own edits matter when they move a figure: branch, status (approved /
-- closed), total or tenure (the schedule), kind, request time, approval time.
SELECT report_sync_install('loan_applications', 'daily funnel letters', 'id',
                           'branch_id status total_amount_due tenure_months kind created_at approved_at');
-- A new application is only a new row of the funnel (no letters, payouts or repayments yet).
DROP TRIGGER loan_applications_reports_ins ON loan_applications;
CREATE TRIGGER loan_applications_reports_ins AFTER INSERT ON loan_applications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_sync('funnel', 'id');
