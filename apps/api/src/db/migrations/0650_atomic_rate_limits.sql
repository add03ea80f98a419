-- Rate limits count atomically (issue 11 item 3). The old table was checked with a
-- SELECT count(*) and then written with an INSERT, so parallel requests all passed the
-- check before any of them was counted. Now one row per key holds a fixed window and
-- its count, and one INSERT ... ON CONFLICT DO UPDATE ... RETURNING both counts and
-- answers (the row lock orders parallel callers). One row per key also means a flood
-- of refused requests no longer grows the table.
DROP TABLE rate_limit_hits;
CREATE TABLE rate_limits (
  key               text PRIMARY KEY,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  hits              integer NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_started_at);
