-- Content search compares normalised text, so that members find a word however they type
-- its case, accents, Arabic diacritics and letter variants, and a trigram index answers it
-- instead of a scan over every row. normalizeForSearch (src/shared/text/normalize.ts) is
-- the TypeScript twin of bloom_search_text and documents the rules: change both together,
-- in a new migration that also rebuilds the indexes below, since they hold its results.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- NFKD, lower case, marks dropped, Arabic letter variants folded. NFKD is the dearest step,
-- so text made only of characters it leaves alone skips it (ASCII; the Arabic block but for
-- its few decomposable letters and its unfolded marks; zero-width and bidi controls,
-- dashes, quotes; emoji): أ إ آ ؤ ئ, which NFKD would split into letter + mark, are then
-- folded by the replace() calls instead, with the same result.
CREATE FUNCTION bloom_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN replace(replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(
      lower(CASE
        WHEN input ~ '[^\x01-\x7f\u0600-\u060f\u061b-\u0674\u0679-\u06bf\u06c1\u06c3-\u06d2\u06d4\u06d5\u06dd\u06de\u06e5\u06e6\u06e9\u06ee-\u06ff\u200b-\u2010\u2012-\u2016\u2018-\u2023\u2027-\u202e\ufe0f\U0001f300-\U0001faff]'
        THEN normalize(input, NFKD)
        ELSE input
      END),
      '[\u0300-\u036f\u0640\u064b-\u065f\u0670]', '', 'g'),
    U&'\0623', U&'\0627'), U&'\0625', U&'\0627'), U&'\0622', U&'\0627'), U&'\0671', U&'\0627'),
    U&'\0649', U&'\064a'), U&'\0629', U&'\0647'), U&'\0624', U&'\0648'), U&'\0626', U&'\064a');--> statement-breakpoint
-- One text per row for the indexes: the fields, then the tags joined by spaces, separated
-- by U+001F so that a search never matches across two fields (searchCondition makes that
-- character a space in a search). array_to_string is only STABLE in general but
-- deterministic for text[]. The cost tells the planner that normalising a long article is
-- dear, so that it prefers the index.
CREATE FUNCTION bloom_search_document(tags text[], VARIADIC fields text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000
  RETURN bloom_search_text(array_to_string(fields || array_to_string(tags, ' '), U&'\001f'));--> statement-breakpoint
-- Each expression must stay the one searchCondition (src/server/services/content-query.ts)
-- builds from its callers' columns, in the same order, or the planner can't use the index.
CREATE INDEX "podcasts_search_idx" ON "podcasts" USING gin (bloom_search_document("tags", "title", "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin (bloom_search_document("tags", "title", "excerpt", "content") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (bloom_search_document("tags", "title", "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_listings_search_idx" ON "directory_listings" USING gin (bloom_search_document("tags", "name", "description") gin_trgm_ops);
