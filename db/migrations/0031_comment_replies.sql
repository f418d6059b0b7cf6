ALTER TABLE "podcast_comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "podcast_comments" ADD CONSTRAINT "podcast_comments_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."podcast_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blog_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."forum_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "podcast_comments_parent_idx" ON "podcast_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blog_comments_parent_idx" ON "blog_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "forum_comments_parent_idx" ON "forum_comments" USING btree ("parent_id");