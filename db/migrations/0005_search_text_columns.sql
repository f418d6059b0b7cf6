ALTER TABLE "podcasts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document("tags", "title", "description")) STORED;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document("tags", "name", "description")) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document("tags", "title", "description")) STORED;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (bloom_search_document("tags", "title", "excerpt", "content")) STORED;--> statement-breakpoint
CREATE INDEX "podcasts_search_text_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_listings_search_text_idx" ON "directory_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_text_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_search_text_idx" ON "blogs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The stored columns replace the expression indexes of 0001: a match is re-checked against
-- stored text instead of normalising a long article again.
DROP INDEX "podcasts_search_idx";--> statement-breakpoint
DROP INDEX "blogs_search_idx";--> statement-breakpoint
DROP INDEX "events_search_idx";--> statement-breakpoint
DROP INDEX "directory_listings_search_idx";