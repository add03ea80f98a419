-- Offer letters keep what the loan product said when they were generated (issue 16 item 3):
-- the processing fee (exact, from the product's fee percent of the principal) and the
-- version of the terms and conditions (NULL when staff wrote their own text for the letter).
-- Validity already lives in expires_at, the terms text in terms_conditions.
ALTER TABLE offer_letters ADD COLUMN processing_fee numeric(14, 2) NOT NULL DEFAULT 0 CHECK (processing_fee >= 0);
ALTER TABLE offer_letters ADD COLUMN terms_version integer;
