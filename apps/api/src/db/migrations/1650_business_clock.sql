-- The one business clock (NOTES.md "Business time"; ARCHITECTURE.md "Time").
-- Every business date (due dates, days past due, penalties, daily limits, report days)
-- comes from business_today(). It is the date in the business time zone (a setting, by
-- default Africa/Lusaka: no offset is written anywhere), unless a fixed business date is
-- set: tests and the demo move time by setting it (libs/shared/server/src/time), never
-- by shifting the machine clock.
CREATE TABLE business_clock (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  time_zone  text NOT NULL DEFAULT 'Africa/Lusaka',
  fixed_date date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO business_clock DEFAULT VALUES;

-- No FROM at the top level, so the planner inlines it and evaluates the sub-selects once
-- per query (an InitPlan), not once per row: as cheap as the old now()-based body.
CREATE OR REPLACE FUNCTION business_today() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT coalesce((SELECT fixed_date FROM business_clock),
                   (now() AT TIME ZONE coalesce((SELECT time_zone FROM business_clock), 'Africa/Lusaka'))::date) $$;

-- The business time zone, for SQL that turns a timestamp into a business day.
CREATE FUNCTION business_time_zone() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT coalesce((SELECT time_zone FROM business_clock), 'Africa/Lusaka') $$;
