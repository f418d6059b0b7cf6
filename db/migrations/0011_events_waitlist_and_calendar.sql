ALTER TYPE "public"."rsvp_status" ADD VALUE 'waitlisted';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_idx" ON "users" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE INDEX "event_rsvps_waitlist_idx" ON "event_rsvps" USING btree ("event_id","waitlisted_at","user_id") WHERE "event_rsvps"."waitlisted_at" is not null;