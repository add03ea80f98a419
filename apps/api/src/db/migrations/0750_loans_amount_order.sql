-- Loan lists sorted by amount (?sort=amount / -amount) page on (amount, id) within one
-- kind and status, with or without a branch, as the created_at lists do on theirs.
-- Read forwards for ascending, backwards for descending.
CREATE INDEX loan_applications_status_amount_idx ON loan_applications (kind, status, amount, id);
CREATE INDEX loan_applications_branch_status_amount_idx ON loan_applications (kind, branch_id, status, amount, id);
