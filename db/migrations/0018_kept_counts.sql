ALTER TABLE "podcasts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Per-item counts (likes, published comments, reviews and the sum of their ratings,
-- attending RSVPs) live on the item's row, kept by the triggers below in the same transaction
-- as the change, so a list page reads its counts from its own rows instead of counting
-- another table for each row. The triggers run once per statement over its transition
-- tables, so a bulk insert or a cascade updates each item once. Updating a count leaves the
-- item's generated search text alone: PostgreSQL recomputes it only when a column it reads
-- changes.
-- Arguments: the item table, its count column, the child column that names the item, which
-- child rows count (an SQL condition on the child row) and what each adds (1, or a column).
CREATE FUNCTION bloom_keep_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_table text := TG_ARGV[0];
  count_column text := TG_ARGV[1];
  item_key text := TG_ARGV[2];
  counted text := TG_ARGV[3];
  amount text := TG_ARGV[4];
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %I AS item, sum(%s) AS delta FROM inserted WHERE %s GROUP BY 1', item_key, amount, counted);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %I AS item, -sum(%s) AS delta FROM deleted WHERE %s GROUP BY 1', item_key, amount, counted);
  ELSE
    changes := format(
      'SELECT item, sum(delta) AS delta FROM ('
        'SELECT %1$I AS item, %2$s AS delta FROM inserted WHERE %3$s '
        'UNION ALL SELECT %1$I, -(%2$s) FROM deleted WHERE %3$s'
      ') AS moved GROUP BY 1',
      item_key, amount, counted);
  END IF;
  -- In item order, so two statements that touch the same items lock them in the same order.
  EXECUTE format(
    'UPDATE %1$I AS item_row SET %2$I = item_row.%2$I + changes.delta '
      'FROM (SELECT item, delta FROM (%3$s) AS grouped WHERE delta <> 0 ORDER BY item) AS changes '
      'WHERE item_row.id = changes.item',
    item_table, count_column, changes);
  RETURN NULL;
END $$;--> statement-breakpoint

-- The three triggers of one count: rows added, rows removed, rows changed (a comment held or
-- released, an RSVP moved off the waitlist, a review's rating edited).
CREATE FUNCTION bloom_keep_count_on(child_table text, item_table text, count_column text, item_key text, counted text, amount text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  arguments text := format('%L, %L, %L, %L, %L', item_table, count_column, item_key, counted, amount);
  prefix text := child_table || '_keeps_' || item_table || '_' || count_column;
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_count(%s)', prefix || '_insert', child_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_count(%s)', prefix || '_delete', child_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_count(%s)', prefix || '_update', child_table, arguments);
  -- The count of the rows already there.
  EXECUTE format(
    'UPDATE %1$I AS item_row SET %2$I = counted_rows.n FROM (SELECT %3$I AS item, sum(%5$s) AS n FROM %4$I WHERE %6$s GROUP BY 1) AS counted_rows WHERE item_row.id = counted_rows.item',
    item_table, count_column, item_key, child_table, amount, counted);
END $$;--> statement-breakpoint

SELECT bloom_keep_count_on('blog_likes', 'blogs', 'like_count', 'blog_id', 'true', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('blog_comments', 'blogs', 'comment_count', 'blog_id', 'state = ''published''', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('podcast_likes', 'podcasts', 'like_count', 'podcast_id', 'true', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('podcast_comments', 'podcasts', 'comment_count', 'podcast_id', 'state = ''published''', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('forum_post_likes', 'forum_posts', 'like_count', 'post_id', 'true', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('forum_comments', 'forum_posts', 'comment_count', 'post_id', 'state = ''published''', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('directory_likes', 'directory_listings', 'like_count', 'listing_id', 'true', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('directory_reviews', 'directory_listings', 'review_count', 'listing_id', 'true', '1');--> statement-breakpoint
SELECT bloom_keep_count_on('directory_reviews', 'directory_listings', 'rating_sum', 'listing_id', 'true', 'rating');--> statement-breakpoint
SELECT bloom_keep_count_on('event_rsvps', 'events', 'attending_count', 'event_id', 'status = ''attending''', '1');--> statement-breakpoint
DROP FUNCTION bloom_keep_count_on(text, text, text, text, text, text);
