DROP INDEX "podcast_comments_podcast_idx";--> statement-breakpoint
DROP INDEX "podcasts_created_idx";--> statement-breakpoint
DROP INDEX "directory_listings_created_idx";--> statement-breakpoint
DROP INDEX "events_date_time_idx";--> statement-breakpoint
DROP INDEX "blog_comments_blog_idx";--> statement-breakpoint
DROP INDEX "blogs_published_created_idx";--> statement-breakpoint
DROP INDEX "forum_comments_post_idx";--> statement-breakpoint
DROP INDEX "forum_posts_created_idx";--> statement-breakpoint
DROP INDEX "forum_posts_category_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_created_idx" ON "blogs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "podcast_comments_podcast_idx" ON "podcast_comments" USING btree ("podcast_id","created_at","id");--> statement-breakpoint
CREATE INDEX "podcasts_created_idx" ON "podcasts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "directory_listings_created_idx" ON "directory_listings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_date_time_idx" ON "events" USING btree ("date_time","id");--> statement-breakpoint
CREATE INDEX "blog_comments_blog_idx" ON "blog_comments" USING btree ("blog_id","created_at","id");--> statement-breakpoint
CREATE INDEX "blogs_published_created_idx" ON "blogs" USING btree ("is_published","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_comments_post_idx" ON "forum_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_created_idx" ON "forum_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_category_created_idx" ON "forum_posts" USING btree ("category","created_at","id");