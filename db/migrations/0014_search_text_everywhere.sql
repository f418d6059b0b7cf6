-- Places and the admin panel's member search read a stored, normalised search_text like the
-- other lists, so one rule (case, accents, Arabic diacritics and letter variants) holds everywhere.
DROP INDEX "users_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document('{}'::text[], "first_name", "last_name", "email")) STORED;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document("tags", "name", "description")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_search_text_idx" ON "places" USING gin ("search_text" gin_trgm_ops);