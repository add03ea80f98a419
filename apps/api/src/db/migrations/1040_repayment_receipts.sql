-- SMS receipts of bulk-uploaded repayments are sent by a job after the upload commits.
-- A repayment is claimed here before its SMS goes to the port, so a retried or restarted
-- job (on any instance) never sends a receipt twice; message_id links the outbox row.
CREATE TABLE repayment_receipts (
  repayment_id bigint PRIMARY KEY REFERENCES repayments(id) ON DELETE CASCADE,
  message_id   bigint REFERENCES messages(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
