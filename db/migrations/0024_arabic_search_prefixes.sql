-- Arabic search finds a word with or without its attached article, conjunction or preposition
-- ('المدرسة' and 'والمدرسة' find 'مدرسة'): each Arabic word loses the prefix that Lucene's
-- Arabic light stemmer strips. stemForSearch (src/shared/text/normalize.ts) is the TypeScript
-- twin of bloom_search_stem and documents the rule; the pattern below is its ARABIC_PREFIX.
--
-- The first of ال، وال، بال، كال، فال، لل، و that an Arabic word (a run of the Arabic script's
-- letters and marks) starts with goes, when at least two letters remain, and و only when at
-- least three remain: one prefix per word at most. Where both وال and و may go, the longest
-- match wins here (JavaScript takes the first alternative): وال, as in Lucene's order. Every
-- prefix holds ل or و, so text without them (English, say) skips the expression, which is
-- dearer than the normalisation itself.
CREATE FUNCTION bloom_strip_arabic_prefixes(normalized text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN strpos(normalized, U&'\0644') > 0 OR strpos(normalized, U&'\0648') > 0
    THEN regexp_replace(normalized, '(?<![\u0610-\u061a\u0620-\u063f\u0641-\u065f\u066e-\u06d3\u06d5-\u06dc\u06df-\u06e8\u06ea-\u06ef\u06fa-\u06fc\u06ff\u0750-\u077f\u0870-\u0887\u0889-\u088f\u0897-\u08e1\u08e3-\u08ff])(?:(?:[\u0648\u0628\u0643\u0641]?\u0627\u0644|\u0644\u0644)(?=[\u0610-\u061a\u0620-\u063f\u0641-\u065f\u066e-\u06d3\u06d5-\u06dc\u06df-\u06e8\u06ea-\u06ef\u06fa-\u06fc\u06ff\u0750-\u077f\u0870-\u0887\u0889-\u088f\u0897-\u08e1\u08e3-\u08ff]{2})|\u0648(?=[\u0610-\u061a\u0620-\u063f\u0641-\u065f\u066e-\u06d3\u06d5-\u06dc\u06df-\u06e8\u06ea-\u06ef\u06fa-\u06fc\u06ff\u0750-\u077f\u0870-\u0887\u0889-\u088f\u0897-\u08e1\u08e3-\u08ff]{3}))', '', 'g')
    ELSE normalized
  END;--> statement-breakpoint
-- What a search looks for (searchCondition, src/server/services/content-query.ts).
CREATE FUNCTION bloom_search_stem(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN bloom_strip_arabic_prefixes(bloom_search_text(input));--> statement-breakpoint
-- What the search_text columns hold: the normalised text and, when stripping changes it, the
-- stripped text after a U+001F (which a search never holds, so no match spans the two). The
-- stripped text answers a search of whole words with or without their prefixes; the normalised
-- text keeps every match a search found before, such as a word typed in part ('الم' finds
-- 'المدرسة' and 'ورد' finds 'وردة', whose stripped forms are 'مدرسه' and 'رده'). Text without
-- Arabic prefixes, English among it, is stored once, as before.
CREATE OR REPLACE FUNCTION bloom_search_document(tags text[], VARIADIC fields text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000
  RETURN (
    SELECT CASE WHEN stripped = normalized THEN normalized ELSE normalized || U&'\001f' || stripped END
    FROM (SELECT normalized, bloom_strip_arabic_prefixes(normalized) AS stripped
          FROM (SELECT bloom_search_text(array_to_string(fields || array_to_string(tags, ' '), U&'\001f')) AS normalized) AS document) AS forms
  );--> statement-breakpoint
-- A stored generated column keeps what the function returned when its row was written:
-- replacing the function recomputes nothing. So each table's rows whose stored text the rule
-- changes are updated (a column set to itself: an UPDATE computes the stored columns anew),
-- which also replaces their trigram index entries. Only those rows: every prefix holds ل or
-- و, so a stored text without either stays as it is (English rows are not even normalised
-- again), and of the rest only a text that differs is written. No table is rewritten or
-- locked against reads, and the update triggers (on users only: counts that don't change and
-- session notices) fire for the members whose text changed alone. Runs in the migrations'
-- transaction: a failure leaves every row as it was.
UPDATE "podcasts" SET "title" = "title"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document("tags", "title", "description");--> statement-breakpoint
UPDATE "blogs" SET "title" = "title"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document("tags", "title", "excerpt", "content");--> statement-breakpoint
UPDATE "events" SET "title" = "title"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document("tags", "title", "description");--> statement-breakpoint
UPDATE "directory_listings" SET "name" = "name"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document("tags", "name", "description");--> statement-breakpoint
UPDATE "places" SET "name" = "name"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document("tags", "name", "description");--> statement-breakpoint
UPDATE "users" SET "first_name" = "first_name"
  WHERE (strpos("search_text", U&'\0644') > 0 OR strpos("search_text", U&'\0648') > 0)
    AND "search_text" IS DISTINCT FROM bloom_search_document('{}'::text[], "first_name", "last_name", "email");
