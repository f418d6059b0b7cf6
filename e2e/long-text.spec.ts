import type { Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectFitsScreen, signInAs, test } from './fixtures';

/**
 * Members and admins write whatever they like: a link pasted whole, a word without spaces.
 * Every screen that shows their text wraps it, so no page grows wider than a phone's screen
 * (every card, its buttons and its menus stay in reach), and links in members' text are
 * links that tell search engines they were not written by the site.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const stamp = Date.now();
/** A pasted link of 130 characters. */
const LONG_URL = `https://example.com/${stamp}/${'a'.repeat(130)}`.slice(0, 130);
/** 150 characters without a space: the longest title a forum post may have. */
const longWord = (lead: string, length = 150) => `${lead}${stamp}${'x'.repeat(length)}`.slice(0, length);

const FORUM_TITLE = longWord('Forumtitle');
const BLOG_TITLE = longWord('Blogtitle');
const EVENT_TITLE = longWord('Eventtitle');
const PODCAST_TITLE = longWord('Podcasttitle');
const LISTING_NAME = longWord('Listingname');
const PLACE_NAME = longWord('Placename', 120);
const text = (lead: string) => `${lead} ${LONG_URL} and ${longWord('Unbroken', 90)} end.`;

/** The page is no wider than the screen: nothing sticks out to the side. */
/** A dialog's content fits in the dialog (a dialog is fixed, so it can't widen the page). */
async function expectDialogFits(dialog: Locator, where: string) {
  const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect.soft(scrollWidth, `${where}: its content is ${scrollWidth} px wide in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
}

/** The whole control is on screen, not cut off at the side. */
async function expectInReach(page: Page, control: Locator) {
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function apiAs(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, role: keyof typeof DEMO_ACCOUNTS) {
  // A new connection for each call: the server closes idle ones after 5 s, which a reused one can meet mid-call.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
  const { email, password } = DEMO_ACCOUNTS[role];
  expect((await api.post('/api/login', { data: { email, password } })).ok()).toBe(true);
  return api;
}

async function created<T>(response: Promise<{ ok: () => boolean; json: () => Promise<unknown>; text: () => Promise<string> }>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

test('long words and pasted links wrap on every screen that shows members’ and admins’ text', async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(playwright, baseURL!, 'admin');
  const member = await apiAs(playwright, baseURL!, 'member');
  const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

  // What admins write: an article, an event, a podcast and a listing.
  const blog = await created<{ id: number }>(
    admin.post('/api/blogs', {
      data: { title: BLOG_TITLE, content: text('Read more at'), excerpt: text('Excerpt with'), category: 'Self improvement', authorName: longWord('Author', 60), tags: `${longWord('tag', 50)}, short`, isPublished: true },
    }),
  );
  const event = await created<{ id: number }>(
    admin.post('/api/events', { data: { title: EVENT_TITLE, description: text('Bring'), location: longWord('Location', 120), dateTime: soon, price: '0', tags: longWord('tag', 50) } }),
  );
  const podcast = await created<{ id: number }>(
    admin.post('/api/podcasts', {
      data: { title: PODCAST_TITLE, description: text('Listen at'), category: 'Self-Discovery', iframe: 'https://www.youtube.com/embed/dQw4w9WgXcQ', tags: longWord('tag', 50) },
    }),
  );
  const listing = await created<{ id: number }>(
    admin.post('/api/directory', {
      data: { name: LISTING_NAME, description: text('Visit'), category: 'Cafes', address: longWord('Street', 200), website: LONG_URL, tags: longWord('tag', 50) },
    }),
  );

  // What members write: a post, comments everywhere, a place suggestion and a report.
  const post = await created<{ id: number }>(member.post('/api/forum/posts', { data: { title: FORUM_TITLE, content: text('Look at this:'), category: 'general' } }));
  await created(member.post(`/api/forum/posts/${post.id}/comments`, { data: { content: text('Same here:') } }));
  await created(member.post(`/api/blogs/${blog.id}/comments`, { data: { content: text('Thanks, see') } }));
  await created(member.post(`/api/podcasts/${podcast.id}/comments`, { data: { content: text('Loved it,') } }));
  const suggestion = await created<{ id: number }>(
    member.post('/api/places/suggestions', { data: { name: PLACE_NAME, description: text('A calm place,'), category: 'cafe', address: longWord('Road', 200) } }),
  );
  await created(admin.post(`/api/admin/places/suggestions/${suggestion.id}/approve`));
  const report = await created<{ id: number }>(admin.post('/api/reports', { data: { targetType: 'forum_post', targetId: post.id, reason: 'spam', details: text('It links to') } }));

  try {
    await signInAs(page, 'member');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width} px`;

      // The forum: her post, its comments, and the Delete button still in reach.
      await page.goto(`/community/blog#post-${post.id}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FORUM_TITLE }) });
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /comment/ }).click();
      await expect(card.getByText('Same here:')).toBeVisible();
      await expectFitsScreen(page, `the forum at ${size}`);
      await expectInReach(page, card.getByRole('button', { name: 'Delete', exact: true }));
      // Links in members' text are links, marked as theirs.
      for (const link of await card.getByRole('link', { name: LONG_URL }).all()) {
        await expect(link).toHaveAttribute('href', LONG_URL);
        await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
      }
      await expect(card.getByRole('link', { name: LONG_URL })).toHaveCount(2);

      // The blog list and the article with its comments.
      await page.goto('/blog');
      await expect(page.getByRole('button', { name: new RegExp(BLOG_TITLE) }).or(page.getByRole('link', { name: new RegExp(BLOG_TITLE) })).first()).toBeVisible();
      await expectFitsScreen(page, `the blog list at ${size}`);
      await page.goto(`/blog?post=${blog.id}`);
      await expect(page.getByRole('heading', { name: BLOG_TITLE })).toBeVisible();
      await expect(page.getByText('Thanks, see')).toBeVisible();
      await expectFitsScreen(page, `the article at ${size}`);
      await expect(page.getByRole('link', { name: LONG_URL }).last()).toHaveAttribute('rel', 'nofollow ugc noopener');

      // Podcasts and their comments.
      await page.goto('/podcasts');
      await expect(page.getByRole('heading', { name: PODCAST_TITLE })).toBeVisible();
      await expectFitsScreen(page, `the podcasts at ${size}`);
      await page.getByRole('button', { name: `Comments on ${PODCAST_TITLE}` }).click();
      const comments = page.getByRole('dialog', { name: 'Comments' });
      await expect(comments.getByText('Loved it,')).toBeVisible();
      await expectDialogFits(comments, `the podcast comments at ${size}`);
      await expectFitsScreen(page, `the podcast comments at ${size}`);
      await page.keyboard.press('Escape');

      // Events, the directory, places, Home and the hub.
      await page.goto('/events');
      await expect(page.getByRole('heading', { name: EVENT_TITLE })).toBeVisible();
      await expectFitsScreen(page, `the events at ${size}`);
      await page.goto('/directory');
      await expect(page.getByRole('heading', { name: LISTING_NAME })).toBeVisible();
      await expectFitsScreen(page, `the directory at ${size}`);
      await page.goto('/community/places-to-go');
      await expect(page.getByRole('heading', { name: PLACE_NAME })).toBeVisible();
      await expectFitsScreen(page, `places to go at ${size}`);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: EVENT_TITLE })).toBeVisible();
      await expectFitsScreen(page, `Home at ${size}`);
      await page.goto('/community-hub');
      await expect(page.getByText(FORUM_TITLE).first()).toBeVisible();
      await expectFitsScreen(page, `the community hub at ${size}`);
    }

    // The admin panel's lists, on a phone.
    await signInAs(page, 'admin');
    await page.setViewportSize(PHONE);
    await page.goto('/admin');
    const tabs: [string, string][] = [
      ['Blogs', BLOG_TITLE],
      ['Events', EVENT_TITLE],
      ['Podcasts', PODCAST_TITLE],
      ['Directory', LISTING_NAME],
      ['Forum', FORUM_TITLE],
      ['Reports', FORUM_TITLE],
    ];
    for (const [tab, shown] of tabs) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole('tabpanel').getByText(shown).first()).toBeVisible();
      await expectFitsScreen(page, `the admin ${tab} tab`);
    }
  } finally {
    // Leaves the demo data as other journeys expect it (the approved place stays: places have no delete).
    await admin.post(`/api/admin/reports/${report.id}/resolve`, { data: { action: 'dismiss' } });
    await admin.delete(`/api/blogs/${blog.id}`);
    await admin.delete(`/api/events/${event.id}`);
    await admin.delete(`/api/podcasts/${podcast.id}`);
    await admin.delete(`/api/directory/${listing.id}`);
    await admin.delete(`/api/admin/forum/posts/${post.id}`);
    await admin.dispose();
    await member.dispose();
  }
});
