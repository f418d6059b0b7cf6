/**
 * `tsx scripts/explain-search.ts`: EXPLAIN (ANALYZE, BUFFERS) of the first page of every search
 * box, built by the lists' own helpers, against the database bench:scale filled
 * (EXPLAIN_DATABASE_URL), for the decision record on search (docs/decisions).
 *
 *   EXPLAIN_DATABASE_URL=postgres://...  required
 *   EXPLAIN_WORDS=together,معا           the searches (default: a common word in each language)
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Db, schema } from '#db/client';
import { blogs, events, listings, places, podcasts, users } from '#db/schema';
import { listingVisible } from '#server/domains/listings';
import { type ListOrder, pageIds } from '#server/domains/paging';
import { placeSearch } from '#server/domains/places';
import { qualified, searchCondition } from '#server/services/content-query';
import { memberSearchPage } from '#server/trpc/routers/admin/users';

const url = process.env.EXPLAIN_DATABASE_URL;
if (!url) {
  console.error('explain-search needs EXPLAIN_DATABASE_URL=postgres://... (a database bench:scale filled)');
  process.exit(2);
}
const words = (process.env.EXPLAIN_WORDS ?? 'sunflower,ايمان').split(',');
const client = postgres(url, { max: 1, onnotice: () => {} });
const db = drizzle(client, { schema }) as unknown as Db;

/** A list's first page of ids, newest first, as pageIds selects it. */
function firstPage(table: Parameters<typeof pageIds>[1], id: Parameters<typeof pageIds>[2], where: SQL | undefined, order: ListOrder, limit: number) {
  const page = pageIds(db, table, id, where, order, { limit, offset: 0 });
  return db.select({ id: page.pageId }).from(page);
}

const searches: Record<string, (word: string) => { toSQL(): { sql: string; params: unknown[] } }> = {
  'blogs (list)': (word) =>
    firstPage(blogs, blogs.id, and(eq(blogs.isPublished, true), searchCondition(word, blogs)), { column: blogs.createdAt, direction: 'desc' }, 12),
  'podcasts (list and hub)': (word) => firstPage(podcasts, podcasts.id, searchCondition(word, podcasts), { column: podcasts.createdAt, direction: 'desc' }, 12),
  'directory (list)': (word) =>
    firstPage(listings, listings.id, and(listingVisible, searchCondition(word, listings)), { column: listings.createdAt, direction: 'desc' }, 12),
  'hub: events': (word) =>
    db.select({ id: events.id }).from(events).where(searchCondition(word, events)).orderBy(desc(events.dateTime), desc(events.id)).limit(5),
  'places (list)': (word) => db.select({ id: places.id }).from(places).where(placeSearch(word)).orderBy(desc(places.recommended), desc(places.rating), asc(places.name)).limit(50),
  // The search's page of ids (memberSearchPage), then the accounts' own page over them, as admin.users.list reads it.
  'admin members (list)': (word) =>
    firstPage(users, users.id, sql`${qualified(users.id)} = any(array(${memberSearchPage(word, { limit: 100, offset: 0, after: null })}))`, { column: users.createdAt, direction: 'desc' }, 100),
};

try {
  for (const word of words) {
    for (const [name, build] of Object.entries(searches)) {
      const { sql, params } = build(word).toSQL();
      const plan = await client.unsafe<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${sql}`, params as never[]);
      console.log(`\n### ${name}: '${word}'\n\n\`\`\`\n${plan.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``);
    }
  }
} finally {
  await client.end();
}
