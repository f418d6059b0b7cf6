-- The admin's member search by a common name walks the accounts newest first and keeps those
-- whose words match (045). Read from the table, each account walked cost a heap fetch (about
-- 4,100 of them to fill a page of 100 for a name one member in 41 has: 7.8 ms); with the words
-- in the index beside the order's keys the walk is an index-only scan (0.8 ms). drizzle's
-- schema can't declare INCLUDE: db/schema/auth.ts names the index, this migration gives it its
-- columns.
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id") INCLUDE ("search_vector");
