import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { PAGE_SIZE } from '#shared/schemas/content';
import { qualified } from '../services/content-query';

/** A list's order: one column, ties broken by the id in the same direction (every order index ends with the id). */
export interface ListOrder {
  column: PgColumn;
  direction: 'asc' | 'desc';
}

/**
 * Which page of a list: `after` (keyset), the last item already shown (its id, for most
 * lists), which is what the app sends; or `offset`, which the REST adapters keep for API
 * clients. A keyset page starts where the last one ended however many items were added
 * before it, and costs the same at any depth.
 */
export interface Page<Item = number> {
  limit: number;
  offset: number;
  after?: Item | null;
}

/** The page a list input asks for (no input: the first page): after the `cursor` item, else at `offset`. */
export function pageOf<Item = number>(input?: { limit: number; offset: number; cursor?: Item | null }): Page<Item> {
  return { limit: input?.limit ?? PAGE_SIZE.default, offset: input?.offset ?? 0, after: input?.cursor ?? null };
}

/**
 * A page's LIMIT as the query carries it. The page sizes the site's screens ask for (up to 25
 * items, 50 or 100, each maybe with one more to tell whether another page follows) are written
 * into the query's text: PostgreSQL then keeps a generic plan for the query on each connection,
 * where a LIMIT sent as a parameter makes a generic plan look dearer (its size unknown, a tenth
 * of the rows is assumed) and every call was planned again, two fifths of the database's time
 * for the lists. Other sizes (an API client's) travel as a parameter: each size written is one
 * more statement kept on each connection (about 100 KB for the forum's page), so they stay few.
 */
export function pageLimit(limit: number): number {
  // drizzle writes an SQL object given as the LIMIT into the query as it is (a number it sends as a parameter).
  return isWrittenLimit(limit) ? (sql.raw(String(limit)) as unknown as number) : limit;
}

/** Whether pageLimit writes this size into the query's text. */
export const isWrittenLimit = (limit: number): boolean =>
  Number.isSafeInteger(limit) && limit >= 0 && (limit <= 25 || [50, 51, 100, 101].includes(limit));

/** ORDER BY for a list order. */
export const orderBy = (order: ListOrder, id: PgColumn): SQL[] =>
  order.direction === 'asc' ? [asc(order.column), asc(id)] : [desc(order.column), desc(id)];

/**
 * The keyset rule: rows whose sort keys come strictly after `position` (the same keys of the
 * last item shown, as a row) in the list's direction, which every key follows. A position
 * that is no row (its item is gone) matches nothing.
 */
export function afterPosition(keys: SQL[], position: SQL, direction: ListOrder['direction']): SQL {
  const row = sql`(${sql.join(keys, sql`, `)})`;
  return direction === 'asc' ? sql`${row} > ${position}` : sql`${row} < ${position}`;
}

/**
 * Rows strictly after the item `after` in the list's order. The item's place is read among the
 * list's own rows (`where`, the same rule as the page's): an item that is not in this list for
 * this viewer (deleted since, a draft, someone's comment held for review, another post's comment)
 * has no place, and the page is then empty. So a forged cursor tells nothing a page does not:
 * not whether an item exists, nor where a hidden one would sit.
 */
export function afterItem(table: PgTable, id: PgColumn, order: ListOrder, after: number, where?: SQL): SQL {
  // Unaliased, the inner table shadows the outer one: `where`'s columns name the shown row.
  const position = sql`(select ${qualified(order.column)}, ${qualified(id)} from ${table} where ${qualified(id)} = ${after}${where ? sql` and ${where}` : sql``})`;
  return afterPosition([qualified(order.column), qualified(id)], position, order.direction);
}

/**
 * One page of ids, found before anything is counted or joined: the page walks the order's
 * index, and the read model's joins (authors, the viewer's own likes) run for its rows only. Join the read
 * model to it with {@link inPage} and sort again by {@link orderBy} (a join does not keep the
 * subquery's order).
 */
export function pageIds(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined, order: ListOrder, page: Page) {
  const keyset = page.after != null;
  const query = db
    .select({ pageId: id })
    .from(table)
    .where(keyset ? sql`${where ?? sql`true`} and ${afterItem(table, id, order, page.after!, where)}` : where)
    .orderBy(...orderBy(order, id))
    .limit(pageLimit(page.limit));
  return (keyset ? query : query.offset(page.offset)).as('page');
}

/** The join condition that keeps a read model's rows to the page's ids. */
export const inPage = (page: ReturnType<typeof pageIds>, id: PgColumn) => eq(id, page.pageId);
