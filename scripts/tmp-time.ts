import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Db, schema } from '#db/client';
import { users } from '#db/schema';
import { pageIds, type ListOrder } from '#server/domains/paging';
import { qualified, searchCondition } from '#server/services/content-query';
import { memberSearchPage } from '#server/trpc/routers/admin/users';

const client = postgres(process.env.EXPLAIN_DATABASE_URL!, { max: 1, onnotice: () => {}, prepare: true });
const db = drizzle(client, { schema }) as unknown as Db;
const order: ListOrder = { column: users.createdAt, direction: 'desc' };
const before = (word: string) => sql`${qualified(users.id)} = any(array(select ${sql.identifier('id')} from ${users} where ${searchCondition(word, users)}))`;
for (const word of ['Amira', 'امينه', 'zyxwvquartz']) {
  const first = (await db.select({ id: users.id }).from(users).where(sql`${qualified(users.id)} = any(array(${memberSearchPage(word, { limit: 100, offset: 0, after: null })}))`).orderBy(sql`${users.createdAt} desc, ${users.id} desc`)).at(-1)?.id ?? 1;
  const variants = {
    before: { where: before(word), limit: 100 },
    after: { where: sql`${qualified(users.id)} = any(array(${memberSearchPage(word, { limit: 100, offset: 0, after: null })}))`, limit: 100 },
    'after, the item after the page': { where: sql`${qualified(users.id)} = any(array(${memberSearchPage(word, { limit: 1, offset: 0, after: first })}))`, limit: 1 },
  };
  for (let round = 0; round < 2; round++)
    for (const [name, { where, limit }] of Object.entries(variants)) {
      const page = pageIds(db, users, users.id, where, order, { limit, offset: 0 });
      const query = db.select({ id: page.pageId }).from(page);
      for (let i = 0; i < 20; i++) await query;
      const start = performance.now();
      for (let i = 0; i < 100; i++) await query;
      if (round === 1) console.log(`${word}: ${name} ${((performance.now() - start) / 100).toFixed(2)} ms`);
    }
}
await client.end();
