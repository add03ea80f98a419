-- Every change that can end or alter a signed-in session tells every api instance, at commit,
-- through NOTIFY on 'loan_sessions' (libs/shared/server/src/http/session-cache.ts): the
-- instances drop what their short-lived session cache holds. Triggers, so that no code path
-- (logout, revoking sessions, a role's permissions, deactivating a user, an administrator's
-- edit) can forget it. Messages: h:<session hash>, u:<user id>, r:<role id>, * (everything).
CREATE OR REPLACE FUNCTION loan_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('loan_sessions', 'h:' || OLD.id_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('loan_sessions', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'role_permissions' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('loan_sessions', 'r:' || OLD.role_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('loan_sessions', 'r:' || NEW.role_id);
    END IF;
  ELSE
    PERFORM pg_notify('loan_sessions', '*');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_notify AFTER DELETE OR UPDATE OF csrf_hash, user_id, last_seen_at, created_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION loan_sessions_notify();
CREATE TRIGGER users_notify AFTER DELETE OR UPDATE OF active, role_id, branch_id, fullname, email, unique_number ON users
  FOR EACH ROW EXECUTE FUNCTION loan_sessions_notify();
CREATE TRIGGER role_permissions_notify AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION loan_sessions_notify();
CREATE TRIGGER permissions_notify AFTER UPDATE OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION loan_sessions_notify();
CREATE TRIGGER branches_notify AFTER UPDATE OF name OR DELETE ON branches
  FOR EACH STATEMENT EXECUTE FUNCTION loan_sessions_notify();
