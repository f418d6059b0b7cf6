import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumPosts } from '#db/schema';
import { createBlog, createPodcast } from './test/content-factories';
import { createTestApp, type TestApp } from './test/test-app';

/** Feeds and the sitemap, read by a real XML parser: valid documents, absolute links, and only what visitors may read. */
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signInAs']>>;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['item', 'url', 'category'].includes(name) });

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://bloom.example' } });
  member = await t.signInAs('member', { firstName: 'Yasmin' });
  await createBlog(t.db, { title: 'Published & proud <3', isPublished: true, authorName: 'Site Admin' });
  await createBlog(t.db, { title: 'A secret draft', isPublished: false });
  await createPodcast(t.db, { title: 'Episode about courage' });
  await t.db.insert(forumPosts).values({ userId: member.user.id, title: 'A member post for the forum only', content: 'Twenty characters of content here.', category: 'general' });
});
afterAll(() => t.close());

async function xml(url: string) {
  const response = await t.request({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(XMLValidator.validate(response.body), `${url} is well-formed XML`).toBe(true);
  return { response, document: parser.parse(response.body) as ParsedFeeds };
}

/** The parts of an RSS feed or a sitemap these tests read. */
interface ParsedFeeds {
  rss: { '@_version': string; channel: { item: { title: string; link: string; pubDate: string }[] } };
  urlset: { '@_xmlns': string; url: { loc: string }[] };
}

/** What no feed may carry: drafts, members' posts, and a member's email or last name. */
function expectNothingPrivate(body: string) {
  expect(body).not.toContain('A secret draft');
  expect(body).not.toContain('A member post for the forum only');
  expect(body).not.toContain(member.user.email);
  expect(body).not.toContain(member.user.lastName);
}

describe('feeds', () => {
  it('/rss.xml is an RSS 2.0 feed of published articles with absolute links', async () => {
    const { response, document } = await xml('/rss.xml');
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(document.rss['@_version']).toBe('2.0');
    const items = document.rss.channel.item;
    expect(items.map((item) => item.title)).toContain('Published & proud <3');
    for (const item of items) {
      expect(item.link).toMatch(/^https:\/\/bloom\.example\/blog\?post=\d+$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
    expectNothingPrivate(response.body);
  });

  it('/podcasts.xml lists the episodes', async () => {
    const { response, document } = await xml('/podcasts.xml');
    const items = document.rss.channel.item;
    expect(items.map((item) => item.title)).toContain('Episode about courage');
    // Each episode links to its own page.
    expect(items.every((item) => /^https:\/\/bloom\.example\/podcasts\?podcast=\d+$/.test(item.link))).toBe(true);
    expectNothingPrivate(response.body);
  });

  it('/sitemap.xml lists the public pages and published articles, and robots.txt names it', async () => {
    const { response, document } = await xml('/sitemap.xml');
    expect(document.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = document.urlset.url.map((url) => url.loc);
    expect(locations).toEqual(expect.arrayContaining(['https://bloom.example/', 'https://bloom.example/guidelines']));
    expect(locations.filter((loc) => loc.includes('/blog?post='))).toHaveLength(1);
    expect(locations.some((loc) => loc.includes('/admin') || loc.includes('/settings'))).toBe(false);
    expectNothingPrivate(response.body);

    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body.split('\n')).toEqual(expect.arrayContaining(['Disallow: /admin', 'Sitemap: https://bloom.example/sitemap.xml']));
  });
});
