import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps, forumPosts, newsletterIssues } from '#db/schema';
import { DAY, createBlog, createEvent, createPodcast } from './test/content-factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Each page's head as link previews and search engines read it, parsed by a real HTML parser:
 * title, description, canonical link, Open Graph and Twitter tags, and JSON-LD checked against
 * what schema.org's types need. A preview carries only what any visitor may read.
 */
const SITE = 'https://bloom.example';
let t: TestApp;
let clientDir: string;
let member: Awaited<ReturnType<TestApp['signInAs']>>;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;
const ids = { article: 0, draft: 0, plainArticle: 0, upcoming: 0, full: 0, past: 0, podcast: 0 };

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'bloom-head-'));
  mkdirSync(join(clientDir, 'assets'));
  // The real template's fixed title and description, which each page's own replace.
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Template description" /><title>Template title</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDir, env: { PUBLIC_URL: SITE } });
  member = await t.signInAs('member', { firstName: 'Yasmin' });
  admin = await t.signInAs('admin');
  ids.article = (
    await createBlog(t.db, {
      title: 'Brave "new" <script>alert(1)</script> habits',
      excerpt: 'Small steps & big changes.',
      coverImageUrl: 'https://images.example/cover.jpg',
      authorName: 'Maya Haddad',
      tags: ['habits', 'confidence'],
    })
  ).id;
  ids.plainArticle = (await createBlog(t.db, { title: 'Inline cover', coverImageUrl: 'data:image/png;base64,AAAA' })).id;
  ids.draft = (await createBlog(t.db, { title: 'A secret draft', isPublished: false })).id;
  ids.upcoming = (await createEvent(t.db, { title: 'Poetry night', location: 'Cedar Hall, 4 Elm Road', price: '12.50', images: ['/images/events/poetry.svg'] })).id;
  ids.full = (await createEvent(t.db, { title: 'Tiny workshop', maxAttendees: 1 })).id;
  await t.db.insert(eventRsvps).values({ eventId: ids.full, userId: member.user.id, status: 'attending' });
  ids.past = (await createEvent(t.db, { title: 'Last year picnic', dateTime: new Date(Date.now() - 30 * DAY) })).id;
  ids.podcast = (await createPodcast(t.db, { title: 'Courage in small steps', description: 'A talk about speaking up in class.' })).id;
  await t.db.insert(forumPosts).values([
    { userId: member.user.id, title: 'A member post for members only', content: 'Twenty characters of content here.', category: 'general' },
    { userId: member.user.id, title: 'A held post', content: 'Twenty characters of content here.', category: 'general', state: 'held' },
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

interface Head {
  raw: string;
  title: string[];
  meta: (key: string) => string[];
  canonical: string[];
  jsonLd: JsonLdGraph[];
}

interface JsonLdNode {
  '@type'?: string;
  '@id'?: string;
  [key: string]: unknown;
}
interface JsonLdGraph {
  '@context': string;
  '@graph': JsonLdNode[];
}

async function headOf(url: string, cookie?: string, headers?: Record<string, string>): Promise<Head> {
  const response = await t.request({ method: 'GET', url, cookie, headers });
  expect(response.statusCode).toBe(200);
  const document = parseDocument(response.body);
  const [head] = DomUtils.getElementsByTagName('head', document) as Element[];
  if (!head) throw new Error(`no head in ${url}`);
  const elements = (name: string) => DomUtils.getElementsByTagName(name, head) as Element[];
  // The data blocks carry her own session and the page's answers to her browser; they are not the page's preview.
  for (const block of elements('script').filter((element) => element.attribs.type === 'application/json')) DomUtils.removeElement(block);
  return {
    raw: DomUtils.getOuterHTML(head),
    title: elements('title').map((element) => DomUtils.textContent(element)),
    meta: (key) => elements('meta').filter((element) => element.attribs.name === key || element.attribs.property === key).map((element) => element.attribs.content ?? ''),
    canonical: elements('link').filter((element) => element.attribs.rel === 'canonical').map((element) => element.attribs.href ?? ''),
    jsonLd: elements('script')
      .filter((element) => element.attribs.type === 'application/ld+json')
      .map((element) => JSON.parse(DomUtils.textContent(element)) as JsonLdGraph),
  };
}

const isIsoDateTime = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value);

/**
 * The schema.org properties each type needs to be understood (those search engines require for
 * rich results), with their kinds; and every `@id` reference points at a node of the graph.
 */
function expectValidJsonLd(graph: JsonLdGraph) {
  expect(graph['@context']).toBe('https://schema.org');
  const byId = new Map(graph['@graph'].filter((node) => node['@id']).map((node) => [node['@id'], node]));
  const resolve = (value: unknown) => {
    const reference = value as JsonLdNode;
    if (reference && Object.keys(reference).length === 1 && reference['@id']) {
      expect(byId.has(reference['@id']), `${reference['@id']} is in the graph`).toBe(true);
      return byId.get(reference['@id'])!;
    }
    return reference;
  };
  for (const node of graph['@graph']) {
    switch (node['@type']) {
      case 'Organization':
        expect(node.name).toBeTypeOf('string');
        expect(isAbsoluteUrl(node.url) && isAbsoluteUrl(node.logo)).toBe(true);
        break;
      case 'WebSite':
        expect(node.name).toBeTypeOf('string');
        expect(isAbsoluteUrl(node.url)).toBe(true);
        break;
      case 'BlogPosting':
        expect(node.headline).toBeTypeOf('string');
        expect((node.headline as string).length).toBeLessThanOrEqual(110);
        expect(isIsoDateTime(node.datePublished)).toBe(true);
        expect(isAbsoluteUrl(node.url)).toBe(true);
        if (node.image !== undefined) expect(isAbsoluteUrl(node.image)).toBe(true);
        if (node.author !== undefined) expect((node.author as JsonLdNode).name).toBeTypeOf('string');
        expect(resolve(node.publisher)['@type']).toBe('Organization');
        break;
      case 'PodcastEpisode':
        expect(node.name).toBeTypeOf('string');
        expect(isIsoDateTime(node.datePublished)).toBe(true);
        expect(isAbsoluteUrl(node.url)).toBe(true);
        expect(resolve(node.publisher)['@type']).toBe('Organization');
        break;
      case 'Event': {
        expect(node.name).toBeTypeOf('string');
        expect(isIsoDateTime(node.startDate)).toBe(true);
        const location = node.location as JsonLdNode;
        expect(location['@type']).toBe('Place');
        expect(location.name).toBeTypeOf('string');
        expect(location.address).toBeTypeOf('string');
        const offer = node.offers as JsonLdNode;
        expect(offer.price).toMatch(/^\d+(\.\d+)?$/);
        expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
        expect(resolve(node.organizer)['@type']).toBe('Organization');
        break;
      }
      default:
        throw new Error(`unexpected JSON-LD type ${String(node['@type'])}`);
    }
  }
}

describe('every page has its own head', () => {
  it('the landing page: the site name, its description, and the organisation in JSON-LD', async () => {
    const head = await headOf('/');
    expect(head.title).toEqual(['Bloom Circle']);
    expect(head.meta('description')).toHaveLength(1);
    expect(head.meta('description')[0]).not.toBe('Template description');
    expect(head.canonical).toEqual([`${SITE}/`]);
    expect(head.meta('og:title')).toEqual(['Bloom Circle']);
    expect(head.meta('og:url')).toEqual([`${SITE}/`]);
    expect(head.meta('og:type')).toEqual(['website']);
    expect(head.meta('twitter:card')).toEqual(['summary']);
    expect(head.meta('robots')).toEqual([]);
    expect(head.jsonLd).toHaveLength(1);
    expectValidJsonLd(head.jsonLd[0]!);
    expect(head.jsonLd[0]!['@graph'].map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
  });

  it('a list page: its own title and canonical address, without the query string', async () => {
    const head = await headOf('/podcasts?utm_source=share');
    expect(head.title).toEqual(['Podcasts & Interviews · Bloom Circle']);
    expect(head.canonical).toEqual([`${SITE}/podcasts`]);
    expect(head.meta('og:description')[0]).toBe(head.meta('description')[0]);
  });

  it('an article: its title, summary and cover, escaped, and a BlogPosting', async () => {
    const head = await headOf(`/blog?post=${ids.article}`);
    const title = 'Brave "new" <script>alert(1)</script> habits · Bloom Circle';
    expect(head.title).toEqual([title]);
    expect(head.meta('og:title')).toEqual([title]);
    expect(head.meta('description')).toEqual(['Small steps & big changes.']);
    expect(head.canonical).toEqual([`${SITE}/blog?post=${ids.article}`]);
    expect(head.meta('og:type')).toEqual(['article']);
    expect(head.meta('og:image')).toEqual(['https://images.example/cover.jpg']);
    expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(isIsoDateTime(head.meta('article:published_time')[0])).toBe(true);
    // The title's markup is text: the parser finds no script but the JSON-LD block.
    expect(head.raw).not.toContain('<script>alert');
    const [graph] = head.jsonLd;
    expectValidJsonLd(graph!);
    const posting = graph!['@graph'].find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting.headline).toBe('Brave "new" <script>alert(1)</script> habits');
    expect(posting.author).toEqual({ '@type': 'Person', name: 'Maya Haddad' });
    expect(posting.keywords).toBe('habits, confidence');
  });

  it('an inline (data:) cover is no preview image', async () => {
    const head = await headOf(`/blog?post=${ids.plainArticle}`);
    expect(head.meta('og:image')).toEqual([]);
    expect(head.meta('twitter:card')).toEqual(['summary']);
    expectValidJsonLd(head.jsonLd[0]!);
  });

  it('the events page: upcoming events as Events, a full one sold out, past ones left out', async () => {
    const head = await headOf('/events');
    const [graph] = head.jsonLd;
    expectValidJsonLd(graph!);
    const described = graph!['@graph'].filter((node) => node['@type'] === 'Event');
    expect(described.map((node) => node.name)).toEqual(['Poetry night', 'Tiny workshop']);
    const [poetry, tiny] = described;
    expect(poetry!.image).toBe(`${SITE}/images/events/poetry.svg`);
    expect((poetry!.offers as JsonLdNode).price).toBe('12.50');
    expect((poetry!.location as JsonLdNode).name).toBe('Cedar Hall, 4 Elm Road');
    expect((tiny!.offers as JsonLdNode).availability).toBe('https://schema.org/SoldOut');
    expect(head.raw).not.toContain('Last year picnic');
  });

  it("an event's own page: its title, description, image and the Event", async () => {
    const head = await headOf(`/events?event=${ids.upcoming}`);
    expect(head.title).toEqual(['Poetry night · Bloom Circle']);
    expect(head.canonical).toEqual([`${SITE}/events?event=${ids.upcoming}`]);
    expect(head.meta('og:image')).toEqual([`${SITE}/images/events/poetry.svg`]);
    expectValidJsonLd(head.jsonLd[0]!);
    expect(head.jsonLd[0]!['@graph'].map((node) => node['@type'])).toEqual(['Organization', 'Event']);
    // An event that is not there: the events page's own head.
    expect((await headOf('/events?event=999999')).title).toEqual(['Events · Bloom Circle']);
  });

  it("a podcast's own page: its title and description, and a PodcastEpisode", async () => {
    const head = await headOf(`/podcasts?podcast=${ids.podcast}`);
    expect(head.title).toEqual(['Courage in small steps · Bloom Circle']);
    expect(head.meta('description')).toEqual(['A talk about speaking up in class.']);
    expect(head.canonical).toEqual([`${SITE}/podcasts?podcast=${ids.podcast}`]);
    expectValidJsonLd(head.jsonLd[0]!);
    expect(head.jsonLd[0]!['@graph'].map((node) => node['@type'])).toEqual(['Organization', 'PodcastEpisode']);
  });

  it("a sent newsletter issue's page: its subject and text; an unsent one has the newsletter's head", async () => {
    const [sent, unsent] = await t.db
      .insert(newsletterIssues)
      .values([
        { subject: 'Winter letter', markdown: '# Hello winter\n\nWarm drinks and **good books**.', frequency: 'monthly', sentAt: new Date() },
        { subject: 'Secret draft letter', markdown: 'Not yet.', frequency: 'monthly' },
      ])
      .returning({ id: newsletterIssues.id });
    const head = await headOf(`/community/newsletter/${sent!.id}`);
    expect(head.title).toEqual(['Winter letter · Bloom Circle']);
    expect(head.meta('description')).toEqual(['Hello winter Warm drinks and good books.']);
    expect(head.canonical).toEqual([`${SITE}/community/newsletter/${sent!.id}`]);
    const draft = await headOf(`/community/newsletter/${unsent!.id}`);
    expect(draft.title).toEqual(['Newsletter · Bloom Circle']);
    expect(draft.raw).not.toContain('Secret draft');
  });

  it('members-only pages and forms are not for search engines', async () => {
    for (const url of ['/community/blog', '/settings/profile', '/admin', '/forgot-password', '/reset-password']) {
      const head = await headOf(url, member.cookie);
      expect(head.meta('robots'), url).toEqual(['noindex']);
      expect(head.jsonLd, url).toEqual([]);
    }
    expect((await headOf('/community/blog')).title).toEqual(['Community forum · Bloom Circle']);
    expect((await headOf('/no-such-page')).meta('robots')).toEqual(['noindex']);
    // The way in is listed, so members searching for the site find it.
    expect((await headOf('/login')).meta('robots')).toEqual([]);
  });
});

describe('in the page’s language', () => {
  it('an English page says so to previews (og:locale en_US), in today’s words', async () => {
    const head = await headOf('/events');
    expect(head.title).toEqual(['Events · Bloom Circle']);
    expect(head.meta('description')).toEqual(['Workshops, meet-ups and circles where you can learn and make friends.']);
    expect(head.meta('og:locale')).toEqual(['en_US']);
  });

  it('an Arabic request gets an Arabic title and description, and og:locale ar_EG', async () => {
    for (const headers of [{ cookie: 'locale=ar-EG' }, { 'accept-language': 'ar' }] as Record<string, string>[]) {
      const head = await headOf('/events', undefined, headers);
      expect(head.raw).toMatch(/^<head>/);
      expect(head.title).toEqual(['الفعاليات · Bloom Circle']);
      expect(head.meta('description')).toEqual(['ورش عمل ولقاءات وجلسات تتعلّمين فيها وتكوّنين صداقات جديدة.']);
      expect(head.meta('og:title')).toEqual(['الفعاليات · Bloom Circle']);
      expect(head.meta('og:locale')).toEqual(['ar_EG']);
    }
    const landing = await headOf('/', 'locale=ar-EG');
    expect(landing.title).toEqual(['Bloom Circle']);
    expect(landing.meta('description')).toEqual(['مساحة آمنة تتعلّم فيها الشابات وينمين ويدعمن بعضهن بعضًا.']);
  });

  it('a member’s saved language decides her page’s head', async () => {
    const arabicReader = await t.signInAs('member');
    await t.request({ method: 'PUT', url: '/api/locale', cookie: arabicReader.cookie, payload: { locale: 'ar-EG' } });
    const head = await headOf('/settings/profile', arabicReader.cookie);
    expect(head.title).toEqual(['إعدادات الملف الشخصي · Bloom Circle']);
  });
});

describe('no preview carries what a visitor may not read', () => {
  it('a draft has the blog head, even for the admin who opens it', async () => {
    for (const cookie of [undefined, member.cookie, admin.cookie]) {
      const head = await headOf(`/blog?post=${ids.draft}`, cookie);
      expect(head.title).toEqual(['Blog · Bloom Circle']);
      expect(head.canonical).toEqual([`${SITE}/blog`]);
      expect(head.raw).not.toContain('A secret draft');
    }
  });

  it('no head names a member, a member post or a held post, whoever asks', async () => {
    const pages = ['/', '/blog', `/blog?post=${ids.article}`, '/events', '/podcasts', '/directory', '/community-hub', '/community/blog', '/settings/profile'];
    for (const cookie of [undefined, member.cookie]) {
      for (const url of pages) {
        const { raw } = await headOf(url, cookie);
        for (const secret of ['A member post for members only', 'A held post', member.user.email, member.user.lastName, 'Yasmin']) {
          expect(raw, `${url} ${cookie ? 'as a member' : 'as a visitor'}`).not.toContain(secret);
        }
      }
    }
  });
});
