CREATE TYPE "public"."rsvp_status" AS ENUM('attending', 'cancelled');--> statement-breakpoint
-- The text default can't be cast with the column: dropped, then set again as the enum.
ALTER TABLE "event_rsvps" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_rsvps" ALTER COLUMN "status" SET DATA TYPE "public"."rsvp_status" USING "status"::"public"."rsvp_status";--> statement-breakpoint
ALTER TABLE "event_rsvps" ALTER COLUMN "status" SET DEFAULT 'attending'::"public"."rsvp_status";
