-- Clients (issue 32, migrations 1900-1909): the client list, a client's page and find anything.

-- The list, newest first (keyset on (created_at, id)), with and without the branch scope.
CREATE INDEX clients_created_idx ON clients (created_at DESC, id DESC);
CREATE INDEX clients_branch_created_idx ON clients (branch_id, created_at DESC, id DESC);

-- Prefix search (LIKE 'x%') whatever the database collation is; the name's is in 0002
-- (clients_fullname_idx on lower(fullname) text_pattern_ops).
CREATE INDEX clients_nrc_prefix_idx ON clients (nrc text_pattern_ops);
CREATE INDEX clients_mobile_prefix_idx ON clients (mobile text_pattern_ops);

-- Find anything: offer letters and disbursements of a client's loans are reached through
-- loan_applications (reference, name, NRC, mobile prefix indexes of 0002/0400) and their
-- application_id indexes; disbursements by the provider's reference (1300) and repayments
-- by reference (0840) have theirs already.
