-- The CSRF token is bound to the session (issue 11 item 14): the session row keeps the
-- SHA-256 of the token issued with it (at sign-in, and again at each GET
-- /sanctum/csrf-cookie), and a state-changing call of a signed-in user must echo that
-- token. A token from another browser no longer works with this session.
ALTER TABLE sessions ADD COLUMN csrf_hash text;
