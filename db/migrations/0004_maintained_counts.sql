-- site_counts holds the counts the home page shows on every visit. Triggers keep them in
-- the same transaction as the change, so they never drift and reading one costs a row.
-- The triggers run once per statement, over its transition tables, so a bulk insert
-- updates a count once, not once per row.
INSERT INTO "site_counts" ("name", "n") VALUES
  ('podcasts', (SELECT count(*) FROM "podcasts")),
  ('listings', (SELECT count(*) FROM "directory_listings")),
  ('approved_members', (SELECT count(*) FROM "users" WHERE "approval_status" = 'approved'));--> statement-breakpoint

-- Rows added or removed: TG_ARGV[0] names the count.
CREATE FUNCTION bloom_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_counts" SET "n" = "n" + (SELECT count(*) FROM inserted) WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION bloom_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_counts" SET "n" = "n" - (SELECT count(*) FROM deleted) WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "podcasts_count_insert" AFTER INSERT ON "podcasts" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_inserted('podcasts');--> statement-breakpoint
CREATE TRIGGER "podcasts_count_delete" AFTER DELETE ON "podcasts" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_deleted('podcasts');--> statement-breakpoint
CREATE TRIGGER "listings_count_insert" AFTER INSERT ON "directory_listings" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_inserted('listings');--> statement-breakpoint
CREATE TRIGGER "listings_count_delete" AFTER DELETE ON "directory_listings" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_deleted('listings');--> statement-breakpoint

-- Approved members: an account counts while its approval_status is 'approved', through
-- sign-up, approval, rejection, edits and deletion alike.
CREATE FUNCTION bloom_count_approved_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint := 0;
  removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) INTO added FROM inserted WHERE "approval_status" = 'approved';
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) INTO removed FROM deleted WHERE "approval_status" = 'approved';
  END IF;
  IF added <> removed THEN
    UPDATE "site_counts" SET "n" = "n" + added - removed WHERE "name" = 'approved_members';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_approved_members();--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_approved_members();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION bloom_count_approved_members();
