import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { searchWords, stemForSearch } from '#shared/text/normalize';

/**
 * Separates a row's searched fields, and its normalised text from the same without Arabic
 * prefixes, in bloom_search_document (db/migrations); a search never holds it, so it can't
 * match across two fields or two forms.
 */
const FIELD_SEPARATOR = '\u001f';

/** A searchable table's stored search text and its words (db/schema/columns.ts). */
export interface Searchable {
  searchText: PgColumn;
  searchVector: PgColumn;
}

/**
 * Search over a table's stored search text (its `search_text` column: the searched fields
 * and tags, normalised by bloom_search_document so that case, accents, Arabic diacritics and
 * letter variants don't matter, and held a second time without Arabic words' attached
 * prefixes; see stemForSearch in src/shared/text/normalize.ts) and its words (`search_vector`).
 * The search, normalised and stripped of those prefixes alike (bloom_search_stem), is found
 * through the words' GIN index: its words next to each other, the last one as the start of a
 * word (bloom_search_query), so 'المدرسة' finds 'مدرسة' and 'yog' finds 'Yoga'. A search of
 * several words, or with punctuation, must also appear as typed within one field (the stored
 * text holding it, `%` and `_` literal); one that holds no word at all is only that.
 *
 * The database normalises the search, with the very functions that built the columns, so the
 * two sides can't differ by the server's Unicode tables or locale; the TypeScript twins only
 * choose which conditions a search needs.
 */
export function searchCondition(search: string | undefined, table: Searchable): SQL | undefined {
  if (!search) return undefined;
  const typed = search.replaceAll(FIELD_SEPARATOR, ' ');
  // Normalised before escaping, since NFKD turns full-width ％ ＿ ＼ into wildcards and escapes.
  const needle = sql`bloom_search_stem(${typed})`;
  const pattern = sql`'%' || replace(replace(replace(${needle}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const asTyped = sql`${table.searchText} like ${pattern}`;
  const kind = searchKind(search);
  if (kind === 'no word') return asTyped;
  const byWords = sql`${table.searchVector} @@ bloom_search_query(${typed})`;
  return kind === 'one word' ? byWords : sql`${byWords} and ${asTyped}`;
}

/**
 * What a search holds: no word (punctuation alone), which is found as typed; one word and
 * nothing else, found by its words alone; or more (several words, punctuation, or a word longer
 * than a lexeme's 200 characters, which is looked up by its start), found by its words and as
 * typed.
 */
export function searchKind(search: string): 'no word' | 'one word' | 'more' {
  const stemmed = stemForSearch(search.replaceAll(FIELD_SEPARATOR, ' '));
  const words = searchWords(stemmed);
  if (words.length === 0) return 'no word';
  return words.length === 1 && words[0] === stemmed && stemmed.length <= 200 ? 'one word' : 'more';
}

/** Case-insensitive category match, so 'wellness' and 'Wellness' filter alike. */
export function categoryCondition(category: string | undefined, column: PgColumn): SQL | undefined {
  if (!category) return undefined;
  return sql`lower(${column}) = lower(${category})`;
}

/**
 * A column as "table"."column". Drizzle leaves columns unqualified in single-table
 * selects, which inside a correlated subquery would bind to the inner table.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}
