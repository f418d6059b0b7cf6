import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * One page of ids, found before anything is counted or joined. A deep OFFSET page then
 * walks the sort order's index once, instead of running a read model's count subqueries
 * and joins for every row it skips. Join the read model to it with {@link inPage} and sort
 * again by the same order (a join does not keep the subquery's order).
 */
export function pageIds(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined, order: (SQL | PgColumn)[], page: Page) {
  return db
    .select({ pageId: id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
}

/** The join condition that keeps a read model's rows to the page's ids. */
export const inPage = (page: ReturnType<typeof pageIds>, id: PgColumn) => eq(id, page.pageId);
