-- Owner: libs/loans/account (issue 26). The loan account's money commands' permissions
-- (NOTES.md "Loan products and loan accounts": "New permissions are added to the catalog and
-- to the administrator role"): every role that held the whole catalog before keeps holding it
-- (the administrator; as 1800_pending_actions.sql grants `can check pending actions`).
INSERT INTO permissions (name, group_name) VALUES
  ('can waive loan charges', 'Loans'),
  ('can write off loans', 'Loans'),
  ('can reschedule loans', 'Loans')
ON CONFLICT (name) DO NOTHING;

INSERT INTO role_permissions (role_id, permission_id)
SELECT r.id, p.id
  FROM roles r, permissions p
 WHERE p.name IN ('can waive loan charges', 'can write off loans', 'can reschedule loans')
   AND (SELECT count(*) FROM role_permissions rp JOIN permissions q ON q.id = rp.permission_id
         WHERE rp.role_id = r.id AND q.name NOT IN ('can waive loan charges', 'can write off loans', 'can reschedule loans'))
       = (SELECT count(*) FROM permissions q WHERE q.name NOT IN ('can waive loan charges', 'can write off loans', 'can reschedule loans'))
   AND (SELECT count(*) FROM permissions) > 3
ON CONFLICT DO NOTHING;
