CREATE TYPE "public"."hold_reason" AS ENUM('new_member', 'watched_word');--> statement-breakpoint
CREATE TYPE "public"."publication_state" AS ENUM('published', 'held', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."report_action" AS ENUM('dismiss', 'hide', 'delete', 'suspend');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('harassment', 'spam', 'inappropriate', 'self-harm', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."report_target_type" AS ENUM('forum_post', 'podcast_comment', 'blog_comment', 'forum_comment', 'listing', 'member');--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer NOT NULL,
	"target_type" "report_target_type" NOT NULL,
	"target_id" integer NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"resolution" "report_action",
	"resolution_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "established" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guidelines_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guidelines_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_comments" ADD COLUMN "state" "publication_state" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_comments" ADD COLUMN "hold_reason" "hold_reason";--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "state" "publication_state" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD COLUMN "state" "publication_state" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD COLUMN "hold_reason" "hold_reason";--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "state" "publication_state" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "hold_reason" "hold_reason";--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "state" "publication_state" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "hold_reason" "hold_reason";--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "podcast_comments_held_idx" ON "podcast_comments" USING btree ("created_at") WHERE "podcast_comments"."state" = 'held';--> statement-breakpoint
CREATE INDEX "blog_comments_held_idx" ON "blog_comments" USING btree ("created_at") WHERE "blog_comments"."state" = 'held';--> statement-breakpoint
CREATE INDEX "forum_comments_held_idx" ON "forum_comments" USING btree ("created_at") WHERE "forum_comments"."state" = 'held';--> statement-breakpoint
CREATE INDEX "forum_posts_held_idx" ON "forum_posts" USING btree ("created_at") WHERE "forum_posts"."state" = 'held';--> statement-breakpoint
-- Members who joined before posts were reviewed are established: their posts publish at once.
UPDATE "users" SET "established" = true;
