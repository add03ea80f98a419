-- Fewer indexes to maintain on bulk uploads (100,000 rows in one transaction): the list
-- orders by paid_at (repayments_paid_idx), search is a contains-match (no prefix index
-- helps), and uploads are never deleted (no index for the upload_id foreign key needed).
DROP INDEX repayments_created_idx;
DROP INDEX repayments_reference_prefix_idx;
DROP INDEX repayments_upload_idx;
