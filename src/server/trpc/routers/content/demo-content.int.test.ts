import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, listings, events, podcasts } from '#db/schema';
import { seedDemo } from '#db/seed';
import { accountService } from '#server/services/accounts';
import { isAllowedEmbedUrl } from '#shared/embed';
import { BLOG_CATEGORIES, DIRECTORY_CATEGORIES, PODCAST_CATEGORIES } from '#shared/schemas/content';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db, accountService)).toBe(true);
}, 120_000);
afterAll(() => t.close());

/** A seeded image path is a file the site itself serves from public/. */
const shipped = (url: string) => url.startsWith('/images/') && existsSync(join(process.cwd(), 'public', url));

describe('demo content (SEED_DEMO=1)', () => {
  it('has at least 8 podcasts with allowed embed URLs, covering every filter category', async () => {
    const rows = await t.db.select().from(podcasts);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((p) => isAllowedEmbedUrl(p.embedUrl))).toBe(true);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(PODCAST_CATEGORIES));
  });

  it('has 8 blogs, some drafts, published ones covering every category, with shipped covers', async () => {
    const rows = await t.db.select().from(blogs);
    expect(rows).toHaveLength(8);
    expect(rows.some((b) => !b.isPublished)).toBe(true);
    expect(new Set(rows.filter((b) => b.isPublished).map((b) => b.category))).toEqual(new Set(BLOG_CATEGORIES));
    expect(rows.every((b) => b.coverImageUrl && shipped(b.coverImageUrl))).toBe(true);
  });

  it('has 6 upcoming and 4 past events with shipped images, and the API serves them', async () => {
    const rows = await t.db.select().from(events);
    const now = Date.now();
    expect(rows.filter((e) => e.dateTime.getTime() >= now)).toHaveLength(6);
    expect(rows.filter((e) => e.dateTime.getTime() < now)).toHaveLength(4);
    expect(rows.every((e) => e.images.length > 0 && e.images.every(shipped))).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/events' })).json()).toHaveLength(6);
  });

  it('has 8 listings covering every directory category, with shipped images and real ratings', async () => {
    const rows = await t.db.select().from(listings);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((l) => l.category))).toEqual(new Set(DIRECTORY_CATEGORIES));
    expect(rows.every((l) => l.images.every(shipped))).toBe(true);
    const listed = (await t.request({ method: 'GET', url: '/api/directory' })).json();
    expect(listed.some((l: { avgRating: number }) => l.avgRating > 0)).toBe(true);
  });

  it('ships the placeholder image broken images fall back to', () => {
    expect(shipped('/images/placeholder.svg')).toBe(true);
  });
});
