-- Borrower-side hardening (issue 11: items 4, 5, 6, 15).

-- A confirmed-OTP ticket submits one application: submission claims it with
-- UPDATE ... WHERE ticket_used_at IS NULL, so parallel submissions have one winner
-- (an expiry compared with now() would not: each transaction has its own now()).
ALTER TABLE otp_codes ADD COLUMN ticket_used_at timestamptz;

-- The form now confirms the mobile right after "about you" (a draft is saved only with
-- proof of its mobile): steps were personal, employment, loan, otp, review and are
-- personal, otp, employment, loan, review. Saved drafts keep pointing at the same step.
UPDATE unfinished_applications
   SET step = CASE step WHEN 2 THEN 3 WHEN 3 THEN 4 WHEN 4 THEN 2 ELSE step END
 WHERE step IN (2, 3, 4);

-- Generating a letter again with the same Idempotency-Key answers the first letter and
-- sends no second SMS. The key is the sender's: unique per staff user.
ALTER TABLE offer_letters ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX offer_letters_idempotency_key ON offer_letters (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Codes and links already recorded in clear are masked like the ports now store them:
-- whoever reads messages never sees a usable secret.
UPDATE messages SET body = regexp_replace(body, '[0-9]{6}', '******', 'g') WHERE purpose = 'otp';
UPDATE messages SET body = regexp_replace(body, '(/loan-offer-letter/)[A-Za-z0-9_-]+', '\1******', 'g') WHERE purpose = 'offer_letter';
UPDATE messages SET body = regexp_replace(body, '([?&]token=)[^&[:space:]]+', '\1******', 'g') WHERE purpose = 'password_reset';
