import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client';
import { blogs, directoryListings, events, places, podcasts, users } from '#db/schema';
import { normalizeForSearch } from '#shared/text/normalize';
import { searchCondition } from './services/content-query';
import { createUser } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;

/** db.execute's rows: PGlite answers { rows }, postgres.js an array. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
}

/** bloom_search_text of each value, in one round trip. */
async function normalizeInDatabase(values: string[]): Promise<string[]> {
  const rows = await rowsOf<{ normalized: string }>(
    t.db,
    sql`select bloom_search_text(value) as normalized
        from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as given(value, position)
        order by position`,
  );
  return rows.map((row) => row.normalized);
}

const get = async (url: string) => {
  const response = await t.request({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const titlesOf = (items: { title: string }[]) => items.map((item) => item.title).sort();
const blogTitles = async (search: string) => titlesOf(await get(`/api/blogs?search=${encodeURIComponent(search)}`));

beforeAll(async () => {
  t = await createTestApp();
  const blog = { category: 'Wellness', authorName: 'Maya', isPublished: true };
  await t.db.insert(blogs).values([
    { ...blog, title: 'يوم في المدرسة', excerpt: 'زيارة', content: 'زرنا مدرسة البنات في الصباح.' },
    { ...blog, title: 'قصة أحمد', excerpt: 'رياضة', content: 'أحمد يركض كل يوم.' },
    { ...blog, title: 'حروف', excerpt: 'مشكولة', content: 'الكِتَابَة في مَدْرَسَة القرية.' },
    { ...blog, title: 'Morning Yoga Routine', excerpt: 'Stretch first', content: 'Breathe in, breathe out.' },
    { ...blog, title: 'Save 50% today', excerpt: 'Sale', content: 'Half price.' },
    { ...blog, title: 'Save 50 dollars today', excerpt: 'Sale', content: 'Fifty off.' },
    { ...blog, title: 'The rule_one guide', excerpt: 'Naming', content: 'Underscores.' },
    { ...blog, title: 'The ruleXone guide', excerpt: 'Naming', content: 'No underscores.' },
    { ...blog, title: 'Before the sunrise', excerpt: 'walks by the sea', content: 'Evening walks too.' },
    { ...blog, title: 'Tagged only', excerpt: 'Nothing here', content: 'Nothing here either.', tags: ['Mindfulness', 'تأمل'] },
    { ...blog, title: 'Draft about المدرسة', excerpt: 'Draft', content: 'Draft', isPublished: false },
  ]);
  await t.db.insert(podcasts).values([
    { title: 'Calm minds', description: 'A quiet episode', category: 'Wellness', embedUrl: 'https://www.youtube.com/embed/a', tags: ['تأمل', 'Breathing'] },
    { title: 'Café talk', description: 'Conversations', category: 'Lifestyle', embedUrl: 'https://www.youtube.com/embed/b' },
  ]);
  await t.db.insert(events).values({ title: 'ورشة كتابة', description: 'لقاء مسائي', dateTime: new Date(Date.now() + 86_400_000), location: 'Hall' });
  await t.db.insert(directoryListings).values({ name: 'مقهى الكتب', category: 'cafe', description: 'Books and coffee', tags: ['Quiet'] });
});
afterAll(() => t.close());

describe('content search', () => {
  it('finds teh marbuta written as heh, and the other way round', async () => {
    expect(await blogTitles('مدرسه')).toEqual(['حروف', 'يوم في المدرسة']);
    expect(await blogTitles('مدرسة')).toEqual(['حروف', 'يوم في المدرسة']);
  });

  it('finds hamza and madda alef written as plain alef, and alef maqsura as yeh', async () => {
    expect(await blogTitles('احمد')).toEqual(['قصة أحمد']);
    expect(await blogTitles('أحمد')).toEqual(['قصة أحمد']);
    const listings: { name: string }[] = await get(`/api/directory?search=${encodeURIComponent('مقهي')}`);
    expect(listings.map((listing) => listing.name)).toEqual(['مقهى الكتب']);
  });

  it('finds diacritised text by the plain word and plain text by the diacritised word', async () => {
    expect(await blogTitles('الكتابة في مدرسة')).toEqual(['حروف']);
    expect(await blogTitles('مَدْرَسَة البنات')).toEqual(['يوم في المدرسة']);
    expect(await blogTitles('أَحْمَد')).toEqual(['قصة أحمد']);
  });

  it('stays case- and accent-insensitive for English and other Latin text', async () => {
    expect(await blogTitles('MORNING yoga')).toEqual(['Morning Yoga Routine']);
    expect(await blogTitles('breathe OUT')).toEqual(['Morning Yoga Routine']);
    expect(titlesOf(await get('/api/podcasts?search=CAFE'))).toEqual(['Café talk']);
  });

  it('takes % and _ literally, also in their full-width forms', async () => {
    expect(await blogTitles('50%')).toEqual(['Save 50% today']);
    expect(await blogTitles('50％')).toEqual(['Save 50% today']);
    expect(await blogTitles('rule_one')).toEqual(['The rule_one guide']);
    expect(await blogTitles('rule＿one')).toEqual(['The rule_one guide']);
    expect(await blogTitles('a\\b')).toEqual([]);
  });

  it('searches tags, normalised like the text', async () => {
    expect(await blogTitles('MINDFULNESS')).toEqual(['Tagged only']);
    expect(await blogTitles('تامل')).toEqual(['Tagged only']);
    expect(titlesOf(await get(`/api/podcasts?search=${encodeURIComponent('تامل')}`))).toEqual(['Calm minds']);
  });

  it('matches within one field, never across two', async () => {
    expect(await blogTitles('evening walks')).toEqual(['Before the sunrise']);
    expect(await blogTitles('sunrise walks')).toEqual([]);
    expect(await blogTitles('sunrise\u001fwalks')).toEqual([]);
  });

  it('normalises the hub search the same way, and still hides drafts', async () => {
    const found = await get(`/api/search?q=${encodeURIComponent('ورشه كتابه')}`);
    expect(titlesOf(found.events)).toEqual(['ورشة كتابة']);
    expect(titlesOf((await get(`/api/search?q=${encodeURIComponent('المدرسه')}`)).blogs)).toEqual(['يوم في المدرسة']);
  });
});

describe('one search rule for every list', () => {
  let adminCookie: string;
  const names = (items: { title?: string; name?: string; firstName?: string; lastName?: string }[]) =>
    items.map((item) => item.title ?? item.name ?? `${item.firstName} ${item.lastName}`).sort();
  // Every searchable list, as its endpoint answers a search.
  const lists: Record<string, (search: string) => Promise<string[]>> = {
    podcasts: async (search) => names(await get(`/api/podcasts?search=${encodeURIComponent(search)}`)),
    blogs: async (search) => names(await get(`/api/blogs?search=${encodeURIComponent(search)}`)),
    directory: async (search) => names(await get(`/api/directory?search=${encodeURIComponent(search)}`)),
    'hub podcasts': async (search) => names((await get(`/api/search?q=${encodeURIComponent(search)}`)).podcasts),
    'hub blogs': async (search) => names((await get(`/api/search?q=${encodeURIComponent(search)}`)).blogs),
    'hub events': async (search) => names((await get(`/api/search?q=${encodeURIComponent(search)}`)).events),
    places: async (search) => names(await get(`/api/places?search=${encodeURIComponent(search)}`)),
    'admin users': async (search) => {
      const response = await t.request({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(search)}`, cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      return names(response.json());
    },
  };

  beforeAll(async () => {
    adminCookie = (await t.signInAs('admin')).cookie;
    await t.db.insert(blogs).values({ title: 'Rose Café diaries', excerpt: 'Mornings', content: 'Tea.', category: 'Lifestyle', authorName: 'Maya', isPublished: true });
    await t.db.insert(events).values({ title: 'Café meetup', description: 'Coffee', dateTime: new Date(Date.now() + 86_400_000), location: 'Hall' });
    await t.db.insert(directoryListings).values({ name: 'Rose Café', category: 'Cafes', description: 'Tables' });
    await t.db.insert(places).values([
      { name: 'Le Petit Café', description: 'A bright room with books.', category: 'wellness', address: '1 Rue' },
      { name: 'مقهى الحديقة', description: 'هادئ ومريح للدراسة', category: 'wellness', address: '2 Nile St' },
      { name: 'Bean There', description: 'Espresso and cake.', category: 'cafe', address: '3 Garden St' },
    ]);
    await createUser(t.db, { firstName: 'Zoé', lastName: 'Du Café' });
    await createUser(t.db, { firstName: 'أمينة', lastName: 'Nour' });
  });

  it.each(Object.keys(lists))('%s: "cafe", "CAFÉ" and "Café" find the same items', async (list) => {
    const search = lists[list]!;
    const found = await search('cafe');
    expect(found.length).toBeGreaterThan(0);
    expect(await search('CAFÉ')).toEqual(found);
    expect(await search('Café')).toEqual(found);
  });

  it('finds places and members by Arabic letter variants and diacritics as well', async () => {
    expect(await lists.places!('مقهي')).toEqual(['مقهى الحديقة']);
    expect(await lists.places!('هَادِئ')).toEqual(['مقهى الحديقة']);
    expect(await lists['admin users']!('امينه')).toEqual(['أمينة Nour']);
    expect(await lists['admin users']!('ZOE')).toEqual(['Zoé Du Café']);
  });

  it('finds a place by its category name, case and accents aside', async () => {
    expect(await lists.places!('CAFÉ')).toEqual(['Bean There', 'Le Petit Café']);
    expect(await lists.places!('ESPRESSO')).toEqual(['Bean There']);
  });
});

describe('search indexes', () => {
  // Each searched table's stored search text, and its trigram index.
  const searched: { name: string; table: PgTable; column: PgColumn }[] = [
    { name: 'podcasts', table: podcasts, column: podcasts.searchText },
    { name: 'blogs', table: blogs, column: blogs.searchText },
    { name: 'events', table: events, column: events.searchText },
    { name: 'directory_listings', table: directoryListings, column: directoryListings.searchText },
    { name: 'places', table: places, column: places.searchText },
    { name: 'users', table: users, column: users.searchText },
  ];

  it.each(searched)('answers a search of $name from its trigram index', async ({ name, table, column }) => {
    const plan = await t.db.transaction(async (tx) => {
      // The test tables are tiny, so the planner would rather read them whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = sql`explain (costs off) select 1 from ${table} where ${searchCondition('مدرسه sunrise', column)}`;
      return rowsOf<{ 'QUERY PLAN': string }>(tx as unknown as Db, query);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(`Bitmap Index Scan on ${name}_search_text_idx`);
  });
});

describe('bloom_search_text and normalizeForSearch', () => {
  const samples = [
    'Yoga for Beginners',
    'CAFÉ Crème, São Paulo, İstanbul, ΟΔΟΣ, ДОМ',
    '100% a_b \\ c-d',
    'مَدْرَسَة',
    'مدرسة البنات',
    'أحمد وإيمان وآمنة ومسؤول ورئيس',
    'ٱلله إلى مستشفى',
    'جـــميـلة هٰذا',
    'ﻷ ﺓ ﬁt ＡＢＣ ％ ①',
    'Meet أحمد at the مَدْرَسَة — “Yoga” 🌸 at 5PM',
    '\u200fمرحبا\u200e Hello\u200d👋🏽',
  ];

  it('agree on English, Arabic and mixed samples', async () => {
    expect(await normalizeInDatabase(samples)).toEqual(samples.map(normalizeForSearch));
  });

  it('agree on generated text, with and without characters that need NFKD', async () => {
    // The SQL function skips NFKD for text that it leaves alone (ASCII, most of the Arabic
    // block, quotes, emoji), so both kinds of text are generated.
    const common = fc.constantFrom(...'aBz09 %_\\-.,ابتجدرسعلمنهويءأإآٱىةؤئ\u064b\u064e\u0650\u0651\u0652\u0670\u0640“”—\u200d\u200f🌸'.match(/./gu)!);
    const rare = fc.constantFrom(...'éÉçÑüÅØßẞİıΣσςΟДжﻷﺓﬁＡ％①\u0301\u0308\u0610\u06d6ٵۀ'.match(/./gu)!);
    const text = (chars: fc.Arbitrary<string>) => fc.array(chars, { maxLength: 24 }).map((list) => list.join(''));
    const batch = fc.array(fc.oneof(text(common), text(fc.oneof(common, rare))), { minLength: 40, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(batch, async (values) => {
        expect(await normalizeInDatabase(values)).toEqual(values.map(normalizeForSearch));
      }),
      { numRuns: 15 },
    );
  });

  it('agree on every character of the Latin, Greek, Cyrillic, Arabic, punctuation, presentation-form and emoji blocks', async () => {
    const blocks = [
      [0x1, 0x77f],
      [0x1e00, 0x1fff],
      [0x2000, 0x206f],
      [0x2100, 0x24ff],
      [0xfb00, 0xfdff],
      [0xfe70, 0xfefc],
      [0xff00, 0xffef],
      [0x1f300, 0x1faff],
    ];
    const ranges = sql.join(
      blocks.map(([from, to]) => sql`select generate_series(${from}::int, ${to}::int) as code`),
      sql` union all `,
    );
    const rows = await rowsOf<{ code: number; alone: string; between: string }>(
      t.db,
      sql`select code, bloom_search_text(chr(code)) as alone, bloom_search_text('A' || chr(code) || 'b') as between from (${ranges}) codes order by code`,
    );
    expect(rows.length).toBeGreaterThan(6000);
    const differing = rows
      .filter(({ code, alone, between }) => {
        const char = String.fromCodePoint(code);
        return alone !== normalizeForSearch(char) || between !== normalizeForSearch(`A${char}b`);
      })
      .map(({ code }) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    expect(differing).toEqual([]);
  });
});
