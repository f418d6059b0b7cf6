import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** `%` and `_` in a visitor's search are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Case-insensitive search over text columns and a text[] tags column, done in the
 * database (DECISIONS.md: searches cover title, description/content and tags).
 */
export function searchCondition(search: string | undefined, textColumns: PgColumn[], tagsColumn: PgColumn): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ...textColumns.map((column) => sql`${column} ilike ${pattern}`),
    sql`array_to_string(${tagsColumn}, ' ') ilike ${pattern}`,
  );
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

/** `(select count(*) ...)` as a number column, for like, comment and review counts in lists. */
export function countOf(table: PgTable, foreignKey: PgColumn, parentKey: PgColumn, extra?: SQL): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${qualified(foreignKey)} = ${qualified(parentKey)}${extra ? sql` and ${extra}` : sql``})`.mapWith(Number);
}
