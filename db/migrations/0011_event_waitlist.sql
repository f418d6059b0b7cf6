ALTER TYPE "public"."rsvp_status" ADD VALUE 'waitlisted';--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_rsvps_waitlist_idx" ON "event_rsvps" USING btree ("event_id","waitlisted_at","user_id") WHERE "event_rsvps"."waitlisted_at" is not null;