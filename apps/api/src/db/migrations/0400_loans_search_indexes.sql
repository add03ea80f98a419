-- Loans module (0400-0499): indexes for the searches, filters and reports of
-- /api/applyForLoan and /api/loanTopUp.

-- Prefix search (LIKE 'x%') on NRC and mobile whatever the database collation is.
CREATE INDEX loan_applications_nrc_prefix_idx ON loan_applications (nrc text_pattern_ops);
CREATE INDEX loan_applications_mobile_prefix_idx ON loan_applications (mobile text_pattern_ops);

-- Closed loans in the order the closed-unsigned report reads them (closed moment, id).
CREATE INDEX loan_applications_closed_moment_idx
  ON loan_applications (kind, (coalesce(closed_at, updated_at)), id)
  WHERE status = 'closed';

-- Offer letters signed per application: the "unsigned" anti-join reads only this.
CREATE INDEX offer_letters_signed_application_idx ON offer_letters (application_id) WHERE status = 'signed';

-- Name search within one status (byStatus with search): the status narrows the index too.
CREATE INDEX loan_applications_status_fullname_idx ON loan_applications (kind, status, lower(fullname) text_pattern_ops);
