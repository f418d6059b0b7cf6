CREATE INDEX "podcast_comments_activity_idx" ON "podcast_comments" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_activity_idx" ON "event_rsvps" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "blog_comments_activity_idx" ON "blog_comments" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "newsletter_confirmed_at_idx" ON "newsletter_subscriptions" USING btree ("confirmed_at") WHERE "newsletter_subscriptions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "forum_comments_activity_idx" ON "forum_comments" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "forum_post_likes_activity_idx" ON "forum_post_likes" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "forum_posts_activity_idx" ON "forum_posts" USING btree ("created_at","user_id");