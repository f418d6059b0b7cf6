CREATE TABLE "community_weeks" (
	"week" date NOT NULL,
	"measure" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "community_weeks_week_measure_shard_pk" PRIMARY KEY("week","measure","shard")
);
--> statement-breakpoint
CREATE TABLE "member_weeks" (
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "member_weeks_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
ALTER TABLE "member_weeks" ADD CONSTRAINT "member_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_weeks_user_idx" ON "member_weeks" USING btree ("user_id");--> statement-breakpoint

-- The week a moment belongs to: its Monday, in UTC, whatever the session's time zone.
CREATE FUNCTION bloom_week_of(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'UTC')::date
$$;--> statement-breakpoint

-- community_weeks: rows per creation week, kept once per statement over its transition
-- tables (a bulk insert or a cascade updates each week once). Each connection adds to its own
-- shard of the week's count (its backend process id modulo 16), so members writing at the
-- same moment don't wait for each other on one row. Arguments: the measure, which rows count
-- (an SQL condition on the row) and the row's week (an SQL expression).
CREATE FUNCTION bloom_keep_weekly_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  measure text := TG_ARGV[0];
  counted text := TG_ARGV[1];
  week_of text := TG_ARGV[2];
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s AS week, 1 AS delta FROM inserted WHERE %s', week_of, counted);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %s AS week, -1 AS delta FROM deleted WHERE %s', week_of, counted);
  ELSE
    changes := format('SELECT %1$s AS week, 1 AS delta FROM inserted WHERE %2$s UNION ALL SELECT %1$s, -1 FROM deleted WHERE %2$s', week_of, counted);
  END IF;
  EXECUTE format(
    'INSERT INTO community_weeks AS kept (week, measure, shard, n) '
      'SELECT week, %L, pg_backend_pid() %% 16, sum(delta) FROM (%s) AS moved GROUP BY week HAVING sum(delta) <> 0 ORDER BY week '
      'ON CONFLICT (week, measure, shard) DO UPDATE SET n = kept.n + excluded.n',
    measure, changes);
  RETURN NULL;
END $$;--> statement-breakpoint

-- member_weeks: whoever wrote, commented, liked or answered an event is active that week.
CREATE FUNCTION bloom_record_member_weeks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_weeks (week, user_id)
    SELECT DISTINCT bloom_week_of(created_at), user_id FROM inserted WHERE user_id IS NOT NULL ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION bloom_keep_weekly_count_on(counted_table text, measure text, counted text, week_of text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  arguments text := format('%L, %L, %L', measure, counted, week_of);
  prefix text := counted_table || '_keeps_weekly_' || measure;
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count(%s)', prefix || '_insert', counted_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count(%s)', prefix || '_delete', counted_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count(%s)', prefix || '_update', counted_table, arguments);
END $$;--> statement-breakpoint

CREATE FUNCTION bloom_record_member_weeks_on(activity_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_record_member_weeks()', activity_table || '_records_member_weeks', activity_table);
  EXECUTE format('INSERT INTO member_weeks (week, user_id) SELECT DISTINCT bloom_week_of(created_at), user_id FROM %I WHERE user_id IS NOT NULL ON CONFLICT DO NOTHING', activity_table);
END $$;--> statement-breakpoint

SELECT bloom_keep_weekly_count_on('member_weeks', 'active_members', 'true', 'week');--> statement-breakpoint
SELECT bloom_record_member_weeks_on(activity) FROM unnest(ARRAY['forum_posts', 'forum_comments', 'podcast_comments', 'blog_comments', 'forum_post_likes', 'event_rsvps']) AS activity;--> statement-breakpoint
SELECT bloom_keep_weekly_count_on('users', 'applications', 'NOT is_admin', 'bloom_week_of(created_at)');--> statement-breakpoint
SELECT bloom_keep_weekly_count_on('forum_posts', 'posts', 'state = ''published''', 'bloom_week_of(created_at)');--> statement-breakpoint
SELECT bloom_keep_weekly_count_on(commented, 'comments', 'state = ''published''', 'bloom_week_of(created_at)') FROM unnest(ARRAY['forum_comments', 'podcast_comments', 'blog_comments']) AS commented;--> statement-breakpoint
SELECT bloom_keep_weekly_count_on('event_rsvps', 'rsvps', 'true', 'bloom_week_of(created_at)');--> statement-breakpoint

-- The weeks already there (member_weeks was filled above, which its trigger counted).
INSERT INTO community_weeks AS kept (week, measure, shard, n)
  SELECT week, measure, 0, sum(n) FROM (
    SELECT bloom_week_of(created_at) AS week, 'applications' AS measure, count(*) AS n FROM users WHERE NOT is_admin GROUP BY 1
    UNION ALL SELECT bloom_week_of(created_at), 'posts', count(*) FROM forum_posts WHERE state = 'published' GROUP BY 1
    UNION ALL SELECT bloom_week_of(created_at), 'comments', count(*) FROM forum_comments WHERE state = 'published' GROUP BY 1
    UNION ALL SELECT bloom_week_of(created_at), 'comments', count(*) FROM podcast_comments WHERE state = 'published' GROUP BY 1
    UNION ALL SELECT bloom_week_of(created_at), 'comments', count(*) FROM blog_comments WHERE state = 'published' GROUP BY 1
    UNION ALL SELECT bloom_week_of(created_at), 'rsvps', count(*) FROM event_rsvps GROUP BY 1
  ) AS existing GROUP BY week, measure
  ON CONFLICT (week, measure, shard) DO UPDATE SET n = kept.n + excluded.n;--> statement-breakpoint
DROP FUNCTION bloom_keep_weekly_count_on(text, text, text, text);--> statement-breakpoint
DROP FUNCTION bloom_record_member_weeks_on(text);
