-- Communication (issue 15): editable message texts, a sender name per branch, and the
-- sender a message goes out with.

-- The texts staff may change: the composer's ready texts and the reminders' texts. The
-- reminders job reads its two rows at each run; the composer lists the 'composer' ones.
CREATE TABLE message_templates (
  id          text PRIMARY KEY CHECK (id ~ '^[a-z][a-z_]{0,39}$'),
  kind        text NOT NULL CHECK (kind IN ('composer', 'reminder')),
  label       text NOT NULL,
  subject     text,
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 918),
  sort        int NOT NULL DEFAULT 0,
  updated_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

INSERT INTO message_templates (id, kind, label, subject, body, sort) VALUES
  ('reminder_before', 'reminder', 'Reminder before the due date', NULL,
   'Dear {name}, your instalment on loan {reference} is due on {due_date}. Balance: K{balance}.', 1),
  ('reminder_after', 'reminder', 'Reminder after the due date', NULL,
   'Dear {name}, your instalment on loan {reference} was due on {due_date} and is not yet paid. Balance: K{balance}.', 2),
  ('reminder', 'composer', 'Payment reminder', 'Payment reminder {reference}',
   'Dear {name}, your instalment on loan {reference} is due on {due_date}. Balance: K{balance}.', 10),
  ('approved', 'composer', 'Loan approved', 'Your loan {reference} is approved',
   'Dear {name}, your loan {reference} of K{amount} has been approved.', 11),
  ('arrears', 'composer', 'Arrears notice', 'Loan {reference} is in arrears',
   'Dear {name}, loan {reference} is past due. Please pay the outstanding K{balance} as soon as possible.', 12),
  ('statement', 'composer', 'Statement ready', 'Your statement',
   'Dear {name}, your loan statement is ready. Balance: K{balance}.', 13);

-- The sender name (SMS sender id, at most 11 letters, digits or spaces) a branch's
-- reminders go out with; NULL: the gateway's configured SMS_SENDER_ID.
ALTER TABLE branches ADD COLUMN sms_sender_name text CHECK (sms_sender_name ~ '^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$');

-- The sender id one SMS goes out with (NULL: the configured one).
ALTER TABLE messages ADD COLUMN sender_id text;
