import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { qualified } from '../services/content-query';

/** A list's order: one column, ties broken by the id in the same direction (every order index ends with the id). */
export interface ListOrder {
  column: PgColumn;
  direction: 'asc' | 'desc';
}

/**
 * Which page of a list: `after` (keyset), the id of the last item already shown, which is
 * what the app sends; or `offset`, which the REST adapters keep for API clients. A keyset
 * page starts where the last one ended however many items were added before it, and costs
 * the same at any depth.
 */
export interface Page {
  limit: number;
  offset: number;
  after?: number | null;
}

/** ORDER BY for a list order. */
export const orderBy = (order: ListOrder, id: PgColumn): SQL[] =>
  order.direction === 'asc' ? [asc(order.column), asc(id)] : [desc(order.column), desc(id)];

/**
 * Rows strictly after the item `after` in the list's order. An item no longer in the table
 * (deleted since) has no place in the order: the page is then empty.
 */
function afterItem(table: PgTable, id: PgColumn, order: ListOrder, after: number): SQL {
  const column = sql.identifier(order.column.name);
  const key = sql.identifier(id.name);
  const position = sql`(select shown.${column}, shown.${key} from ${table} as shown where shown.${key} = ${after})`;
  return order.direction === 'asc'
    ? sql`(${qualified(order.column)}, ${qualified(id)}) > ${position}`
    : sql`(${qualified(order.column)}, ${qualified(id)}) < ${position}`;
}

/**
 * One page of ids, found before anything is counted or joined: the page walks the order's
 * index, and the read model's count subqueries and joins run for its rows only. Join the read
 * model to it with {@link inPage} and sort again by {@link orderBy} (a join does not keep the
 * subquery's order).
 */
export function pageIds(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined, order: ListOrder, page: Page) {
  const keyset = page.after != null;
  const query = db
    .select({ pageId: id })
    .from(table)
    .where(keyset ? sql`${where ?? sql`true`} and ${afterItem(table, id, order, page.after!)}` : where)
    .orderBy(...orderBy(order, id))
    .limit(page.limit);
  return (keyset ? query : query.offset(page.offset)).as('page');
}

/** The join condition that keeps a read model's rows to the page's ids. */
export const inPage = (page: ReturnType<typeof pageIds>, id: PgColumn) => eq(id, page.pageId);
