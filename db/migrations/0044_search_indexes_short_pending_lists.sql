-- A GIN index adds new entries (every insert, and every update not made in place, such as a like
-- rewriting its post's row to change its count) to a pending list that every search through the
-- index reads whole, until a vacuum or the list's limit (4 MB by default) moves them into the
-- index proper. On the benchmark's data after an hour of its workload, blogs, podcasts and
-- events held 129 to 286 pending pages, and a search for a word in no post took 1.6 to 2.0 ms of
-- PostgreSQL's time on each table instead of 0.03 to 0.06 ms. At 128 kB a search reads at most
-- 16 pending pages. Set in place: the indexes are not rebuilt.
ALTER INDEX "users_search_vector_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "podcasts_search_vector_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "directory_listings_search_vector_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "events_search_vector_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "blogs_search_vector_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "places_search_vector_idx" SET (gin_pending_list_limit = 128);
