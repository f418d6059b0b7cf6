-- Pages that stop after a page, found in the mixed workload's statement log at scale:
-- - Home's popular listings sorted every published listing (7 ms for four of 2,000); the new
--   index holds the popular order (most liked, best rated by the API's avgRating, newest), so
--   the query walks it backwards and stops after the page.
-- - An item's comments page read every comment of the item from the table to apply the
--   viewer's visibility rule (state, author, parent) before taking fifty; with those columns in
--   the index the page is chosen by an index-only scan and the table is read for its rows only.
DROP INDEX "podcast_comments_podcast_idx";--> statement-breakpoint
DROP INDEX "blog_comments_blog_idx";--> statement-breakpoint
DROP INDEX "forum_comments_post_idx";--> statement-breakpoint
CREATE INDEX "directory_listings_popular_idx" ON "directory_listings" USING btree ("state","like_count",(case when "review_count" = 0 then 0 else "rating_sum"::float8 / "review_count" end),"created_at","id");--> statement-breakpoint
CREATE INDEX "podcast_comments_podcast_idx" ON "podcast_comments" USING btree ("podcast_id","created_at","id","state","user_id","parent_id");--> statement-breakpoint
CREATE INDEX "blog_comments_blog_idx" ON "blog_comments" USING btree ("blog_id","created_at","id","state","user_id","parent_id");--> statement-breakpoint
CREATE INDEX "forum_comments_post_idx" ON "forum_comments" USING btree ("post_id","created_at","id","state","user_id","parent_id");