-- Borrower side (issue 6): what the OTP confirmation hands back, the mobile of a
-- calculator use, the branches the public form offers and the flat rate it quotes.

-- A confirmed OTP yields a ticket (only its SHA-256 is kept) that lets the borrower
-- resume, register and submit for a short while.
ALTER TABLE otp_codes ADD COLUMN verified_at timestamptz;
ALTER TABLE otp_codes ADD COLUMN ticket_hash text;
ALTER TABLE otp_codes ADD COLUMN ticket_expires_at timestamptz;
CREATE UNIQUE INDEX otp_codes_ticket_key ON otp_codes (ticket_hash) WHERE ticket_hash IS NOT NULL;

ALTER TABLE calculator_attempts ADD COLUMN mobile text;

-- Open applications per NRC (check-record and the duplicate rule of create).
CREATE INDEX loan_applications_open_nrc_idx ON loan_applications (nrc) WHERE status IN ('request', 'approved');

-- The public form lists these branches (libs/shared/contract web-form.ts BRANCHES).
INSERT INTO branches (name, code) VALUES
  ('Lusaka', 'LSK'), ('Ndola', 'NDL'), ('Kitwe', 'KTW'),
  ('Livingstone', 'LVS'), ('Kabwe', 'KBW'), ('Chipata', 'CPT')
ON CONFLICT DO NOTHING;

-- Monthly flat rate of the calculator and new applications, in percent.
INSERT INTO settings (key, value) VALUES ('loan.flat_rate_monthly_percent', '5'::jsonb) ON CONFLICT (key) DO NOTHING;
