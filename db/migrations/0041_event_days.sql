CREATE TABLE "event_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint

-- event_days: how many events are on each day (UTC). An event counts on its day while it is
-- there; moving its date moves it. Row by row: RSVPs rewrite events all day, and a trigger for
-- every update would run for each of them, where one on date_time runs only when an event moves.
CREATE FUNCTION bloom_keep_event_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE event_days SET n = n - 1 WHERE day = (OLD.date_time AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO event_days AS kept (day, n) VALUES ((NEW.date_time AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (day) DO UPDATE SET n = kept.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_keep_days AFTER INSERT OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION bloom_keep_event_days();--> statement-breakpoint
CREATE TRIGGER events_keep_days_on_move AFTER UPDATE OF date_time ON events FOR EACH ROW WHEN (OLD.date_time IS DISTINCT FROM NEW.date_time) EXECUTE FUNCTION bloom_keep_event_days();--> statement-breakpoint
INSERT INTO event_days (day, n) SELECT (date_time AT TIME ZONE 'UTC')::date, count(*) FROM events GROUP BY 1;
