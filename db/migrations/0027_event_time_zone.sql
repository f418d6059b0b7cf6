-- Every event has its own time zone. Events from before take the site's default zone,
-- Africa/Cairo (SITE_TIME_ZONE is new with this change, so it was every site's zone).
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'Africa/Cairo' NOT NULL;
