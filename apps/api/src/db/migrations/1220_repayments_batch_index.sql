-- One index less to maintain per uploaded repayment (owner: repayments, issue 14): no query
-- reads repayments by batch_id (an upload's rows are found by upload_id, its receipts by
-- id range and upload_id), so its index only cost time on every bulk insert.
DROP INDEX IF EXISTS repayments_batch_idx;
