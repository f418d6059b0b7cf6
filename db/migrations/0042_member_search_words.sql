-- member_search_words: for each word of the members' search_vector, how many members hold it
-- (a member counts once per word, however often her names and address hold it). The admin's
-- member search adds up the counts of the words starting with what was typed to tell a common
-- name from a rare one before it reads any member: the planner can't (every address is a word
-- of its own, and a word's start has no statistics). A word nobody holds any more is removed,
-- so every row counts at least one member. Bytewise order (COLLATE "C") keeps the words
-- starting with a given word in one range of the key, whatever the database's locale.
CREATE TABLE "member_search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
-- Counts words in one statement, in the words' order, so that sign-ups at once (which share
-- words such as 'gmail') wait for each other instead of deadlocking.
CREATE FUNCTION bloom_count_member_search_words(added text[], removed text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search_words AS kept (word, members)
    SELECT word, sum(change)::integer
    FROM (SELECT word, 1 AS change FROM unnest(added) AS word
          UNION ALL SELECT word, -1 FROM unnest(removed) AS word) AS each_word
    GROUP BY word HAVING sum(change) <> 0
    ORDER BY word
    ON CONFLICT (word) DO UPDATE SET members = kept.members + excluded.members;
  DELETE FROM member_search_words WHERE word = ANY (removed) AND members <= 0;
END $$;--> statement-breakpoint
-- Inserts and deletes are counted once per statement (a bulk import is one upsert); an update
-- row by row, and only when it changes her words.
CREATE FUNCTION bloom_keep_member_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bloom_count_member_search_words(ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM added_members), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bloom_count_member_search_words('{}', ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM removed_members));
  ELSE
    PERFORM bloom_count_member_search_words(tsvector_to_array(NEW.search_vector), tsvector_to_array(OLD.search_vector));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_count_search_words_added AFTER INSERT ON users REFERENCING NEW TABLE AS added_members FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_member_search_words();--> statement-breakpoint
CREATE TRIGGER users_count_search_words_removed AFTER DELETE ON users REFERENCING OLD TABLE AS removed_members FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_member_search_words();--> statement-breakpoint
CREATE TRIGGER users_count_search_words_changed AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION bloom_keep_member_search_words();--> statement-breakpoint
-- At most how many members a search can find: for each of its words, the members holding a word
-- that starts with it, added up over at most enough + 1 words; the smallest such sum. A member
-- holding two such words counts twice, so it may be more, never fewer. Above `enough` it stops
-- counting. NULL when the search holds no word. PL/pgSQL, so its statement is planned once per
-- connection (as bloom_search_query's, migration search_functions_kept_planned).
CREATE FUNCTION bloom_member_search_hits_at_most(search text, enough integer) RETURNS integer
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT min(hits)
    FROM unnest(bloom_search_words(bloom_search_stem(replace(search, U&'\001f', ' ')))) AS typed(word),
      LATERAL (
        SELECT coalesce(sum(members), 0)::integer AS hits
        FROM (
          SELECT members FROM member_search_words
          WHERE word >= left(typed.word, 200) COLLATE "C" AND word < left(typed.word, 200) || chr(1114111) COLLATE "C"
          LIMIT enough + 1
        ) AS starting_with_it
      ) AS counted
  );
END $$;--> statement-breakpoint
INSERT INTO member_search_words (word, members)
  SELECT word, count(*) FROM users, unnest(tsvector_to_array(search_vector)) AS word GROUP BY word;
