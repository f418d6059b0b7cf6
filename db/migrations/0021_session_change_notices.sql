-- Each process keeps the sessions it recently looked up (src/server/auth/session-cache.ts).
-- Whatever changes or ends a session, or changes or removes its member (an admin's approval,
-- demotion or suspension, her own profile, a sign-out, a deletion by cascade), tells every
-- process at commit through NOTIFY on 'bloom_sessions', whichever code or statement made the
-- change: 's:<session id>' or 'u:<user id>'. A rolled-back change tells no one.
CREATE FUNCTION bloom_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('bloom_sessions', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('bloom_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION bloom_notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION bloom_notify_session_change();
