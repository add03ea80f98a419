-- Offer letters (owner: loans): why a letter expired, and the borrower's opening of its link,
-- for the evidence page (timeline generated / sent / opened / signed with IP and user agent).
-- 'replaced': a newer letter was generated for the same application (NOTES.md); 'lapsed':
-- not signed within its validity. Older expired rows are left without a reason.
ALTER TABLE offer_letters
  ADD COLUMN expired_reason    text CHECK (expired_reason IN ('lapsed', 'replaced')),
  ADD COLUMN opened_at         timestamptz,
  ADD COLUMN opened_ip         text,
  ADD COLUMN opened_user_agent text,
  ADD COLUMN last_opened_at    timestamptz,
  ADD COLUMN open_count        integer NOT NULL DEFAULT 0;
