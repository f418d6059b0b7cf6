import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#db/client';
import { createListing } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { listings } from '#db/schema';
import { searchCondition } from '#server/services/content-query';
import { listingVisible, popularListings } from './listings';

/**
 * The lists that page by an index stop after the page instead of sorting every row: their plan
 * walks the index. The test tables are tiny, so the planner is told to avoid whole-table reads
 * and sorts, which it would otherwise rather do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Rose Cafe', 'Lily Library', 'Iris Studio']) await createListing(t.db, { name });
});
afterAll(() => t.close());

async function planOf(query: SQL): Promise<string> {
  const rows = await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (costs off) ${query}`));
  });
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('page plans', () => {
  it("walks the popular listings' index for Home, without sorting", async () => {
    const plan = await planOf(popularListings(t.db, listingVisible, { limit: 4, offset: 0 }).getSQL());
    expect(plan).toContain('Index Scan Backward using directory_listings_popular_idx');
    expect(plan).not.toMatch(/\bSort\b/);
    const names = (await popularListings(t.db, listingVisible, { limit: 4, offset: 0 })).map((listing) => listing.name);
    expect(names).toEqual(['Iris Studio', 'Lily Library', 'Rose Cafe']);
  });

  it("writes the site's page sizes into the query, and sends any other as a parameter", () => {
    const query = (limit: number) => popularListings(t.db, listingVisible, { limit, offset: 0 }).toSQL();
    for (const limit of [1, 4, 12, 20, 21, 50, 51, 100, 101]) {
      expect(query(limit).sql).toMatch(new RegExp(`limit ${limit}$`));
      expect(query(limit).params).not.toContain(limit);
    }
    for (const limit of [26, 37, 99]) {
      expect(query(limit).sql).toMatch(/limit \$\d+$/);
      expect(query(limit).params).toContain(limit);
    }
  });
});

// Prepared statements, and so generic plans, are the PostgreSQL driver's (db/client.ts).
describe.skipIf(process.env.TEST_DB !== 'postgres')('plans kept on a PostgreSQL connection', () => {
  it('lets PostgreSQL keep a generic plan for a page of the site, and plans a search for its words on each call', async () => {
    const found = await t.db.transaction(async (tx) => {
      // One connection: prepared statements are its own.
      for (let call = 0; call < 7; call++) {
        await popularListings(tx, listingVisible, { limit: 4, offset: 0 });
        await popularListings(tx, sql`${listingVisible} and ${searchCondition('rose', listings)}`, { limit: 4, offset: 0 });
      }
      return rowsOf<{ statement: string; generic_plans: number; custom_plans: number }>(
        await tx.execute(sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%directory_listings_popular%' or statement like '%"directory_listings"."like_count"%'`),
      );
    });
    // (Its statement, run on this connection by an earlier test too, is kept once per text and types.)
    const pages = found.filter((row) => !row.statement.includes('bloom_search_') && !row.statement.includes('pg_prepared_statements'));
    expect(pages.some((row) => row.generic_plans > 0)).toBe(true);
    // The search was never prepared, so each call was planned with its words.
    expect(found.filter((row) => row.statement.includes('bloom_search_'))).toEqual([]);
  });
});
