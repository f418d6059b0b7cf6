-- Search finds rows by their words through a GIN index over a tsvector kept per row, instead
-- of a trigram index over the stored text: a trigram index can't tell the planner how many
-- rows hold a common word, so it fetched and re-checked every one of them (16k articles of
-- 3 KB for the first page of twelve). With full-text statistics the planner knows a common
-- word is in most rows and walks the list's order instead, stopping after a page.
--
-- The words are the stored search text's (bloom_search_document: normalised, Arabic prefixes
-- stripped beside), split at separators by the rule below, not by a text search parser or
-- dictionary, whose words depend on the database's locale and stem English only: the same
-- functions split the search, so the two sides always agree. searchWords
-- (src/shared/text/normalize.ts) is the TypeScript twin of bloom_search_words.
--
-- Separators: ASCII but letters and digits (space, punctuation, controls, the field separator
-- U+001F), Latin-1 punctuation and symbols, × ÷, Arabic comma, semicolon, question mark,
-- percent, decimal and thousands separators, star and full stop, general punctuation (spaces,
-- dashes, quotes, zero-width and direction marks) and CJK punctuation.
CREATE FUNCTION bloom_search_words(normalized text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_remove(regexp_split_to_array(normalized, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u0080-\u00bf\u00d7\u00f7\u060c\u061b\u061f\u066a-\u066d\u06d4\u2000-\u206f\u3000-\u303f]+'), '');--> statement-breakpoint
-- A word as a quoted lexeme of tsvector and tsquery input, cut to 200 characters (a lexeme
-- holds at most 2 KB).
CREATE FUNCTION bloom_search_lexeme(word text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN '''' || replace(replace(left(word, 200), '\', '\\'), '''', '''''') || '''';--> statement-breakpoint
-- The words of a stored search text with their positions (a tsvector keeps positions up to
-- 16383), so that a search of several words finds them next to each other.
CREATE FUNCTION bloom_search_vector(search_text text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT coalesce(string_agg(bloom_search_lexeme(word) || ':' || least(position, 16383), ' '), '')::tsvector
    FROM unnest(bloom_search_words(search_text)) WITH ORDINALITY AS words(word, position)
  );--> statement-breakpoint
-- What a search looks for (searchCondition, src/server/services/content-query.ts): its words,
-- normalised and stripped as the stored text is (bloom_search_stem), next to each other and in
-- order, the last one as the start of a word, so a word being typed finds its rows. NULL when
-- the search holds no word.
CREATE FUNCTION bloom_search_query(search text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT (string_agg(bloom_search_lexeme(word), ' <-> ' ORDER BY position) || ':*')::tsquery
    FROM unnest(bloom_search_words(bloom_search_stem(replace(search, U&'\001f', ' ')))) WITH ORDINALITY AS words(word, position)
  );--> statement-breakpoint
-- Each searched table gets the words of its search text and their index; the trigram indexes,
-- which no search uses any more, go (a search that holds no word, only punctuation, reads
-- the stored text).
DROP INDEX "users_search_text_idx";--> statement-breakpoint
DROP INDEX "podcasts_search_text_idx";--> statement-breakpoint
DROP INDEX "directory_listings_search_text_idx";--> statement-breakpoint
DROP INDEX "events_search_text_idx";--> statement-breakpoint
DROP INDEX "blogs_search_text_idx";--> statement-breakpoint
DROP INDEX "places_search_text_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document('{}'::text[], "first_name", "last_name", "email"))) STORED;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document("tags", "title", "description"))) STORED;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document("tags", "name", "description"))) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document("tags", "title", "description"))) STORED;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document("tags", "title", "excerpt", "content"))) STORED;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (bloom_search_vector(bloom_search_document("tags", "name", "description"))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_vector_idx" ON "users" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "podcasts_search_vector_idx" ON "podcasts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "directory_listings_search_vector_idx" ON "directory_listings" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "blogs_search_vector_idx" ON "blogs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "places_search_vector_idx" ON "places" USING gin ("search_vector");--> statement-breakpoint
-- The planner needs the words' statistics to tell a common word from a rare one, and a word
-- in no row from one in a few: it guesses half the rarest word it tracks for a word it doesn't,
-- and walked a whole list for a word in no row when that guess was 100 articles. Tracking
-- 10,000 words of each table keeps that guess to a row or two. (Members' searches don't rely
-- on it: src/server/trpc/routers/admin/users.ts.)
ALTER TABLE "podcasts" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "directory_listings" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "places" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "users", "podcasts", "directory_listings", "events", "blogs", "places";
