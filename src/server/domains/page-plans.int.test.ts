import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#db/client';
import { createListing } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';
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
});
