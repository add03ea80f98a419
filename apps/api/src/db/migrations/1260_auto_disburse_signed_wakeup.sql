-- Automatic disbursement (issue 13): a rule pays the next signed loan within seconds, not at
-- the next minute's scheduled run. Every signature of an offer letter moves this sequence
-- (nextval: no row to update and no lock, so signings never wait on each other or on this);
-- the api's disbursement poller reads it every 2 s and, when it moved, queues one
-- auto-disburse run (transactions-server wakeAutoOnSigning). The domains stay apart: loans
-- signs, transactions reads a number.
CREATE SEQUENCE auto_disburse_signed_seq;

CREATE FUNCTION auto_disburse_signed_tick() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('auto_disburse_signed_seq');
  RETURN NULL;
END $$;

CREATE TRIGGER offer_letters_signed_tick AFTER INSERT OR UPDATE OF status ON offer_letters
  FOR EACH ROW WHEN (NEW.status = 'signed') EXECUTE FUNCTION auto_disburse_signed_tick();
