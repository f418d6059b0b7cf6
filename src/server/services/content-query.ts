import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Separates a row's searched fields, and its normalised text from the same without Arabic
 * prefixes, in bloom_search_document (db/migrations); a search never holds it, so it can't
 * match across two fields or two forms.
 */
const FIELD_SEPARATOR = '\u001f';

/**
 * Search over a table's stored search text (its `search_text` column: the searched fields
 * and tags, normalised by bloom_search_document so that case, accents, Arabic diacritics and
 * letter variants don't matter, and held a second time without Arabic words' attached
 * prefixes; see stemForSearch in src/shared/text/normalize.ts): the search, normalised and
 * stripped of those prefixes alike (bloom_search_stem), as a substring, with `%` and `_`
 * literal, answered by the column's trigram index. So 'المدرسة' finds 'مدرسة', and a word
 * typed in part still finds what it found before.
 *
 * The database normalises the search, with the very functions that built the column, so the
 * two sides can't differ by the server's Unicode tables or locale.
 */
export function searchCondition(search: string | undefined, searchText: PgColumn): SQL | undefined {
  if (!search) return undefined;
  // Normalised before escaping, since NFKD turns full-width ％ ＿ ＼ into wildcards and escapes.
  const needle = sql`bloom_search_stem(${search.replaceAll(FIELD_SEPARATOR, ' ')})`;
  const pattern = sql`'%' || replace(replace(replace(${needle}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  return sql`${searchText} like ${pattern}`;
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
