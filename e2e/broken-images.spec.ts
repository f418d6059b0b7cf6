import type { Locator } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, signInAs, test } from './fixtures';

/**
 * A cover whose address fails shows the site's placeholder, never the browser's broken-image
 * icon: on a full page load (the server drew the page, the image failed before the browser's
 * code took over) as after moving around in the page.
 */

const MISSING = '/images/no-such-cover.png';
const PLACEHOLDER = /\/images\/placeholder\.svg$/;

/** The picture of the card that holds this title. */
const coverOf = (title: Locator) => title.locator('xpath=ancestor::*[.//img][1]//img').first();

async function expectPlaceholder(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', PLACEHOLDER);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test('a cover that fails to load shows the placeholder on a full page load and in the page', async ({ page, playwright, baseURL }) => {
  // A new connection for each call: the server closes idle ones after 5 s, which a reused one can meet mid-call.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
  expect((await admin.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const title = `A cover that went missing ${Date.now()}`;
  const name = `A listing whose photo went missing ${Date.now()}`;
  const blog = (await (
    await admin.post('/api/blogs', {
      data: { title, content: 'Some words.', excerpt: 'Some words.', category: 'Self improvement', authorName: 'Maya Haddad', coverImageUrl: MISSING, isPublished: true },
    })
  ).json()) as { id: number };
  const listing = (await (await admin.post('/api/directory', { data: { name, description: 'A friendly place.', category: 'Cafes', images: MISSING } })).json()) as { id: number };
  // The soonest event: the first Home shows.
  const eventTitle = `An event whose photo went missing ${Date.now()}`;
  const event = (await (
    await admin.post('/api/events', {
      data: { title: eventTitle, description: 'We meet and talk.', dateTime: new Date(Date.now() + 60 * 60 * 1000).toISOString(), location: 'Library', images: MISSING },
    })
  ).json()) as { id: number };

  try {
    await signInAs(page, 'admin');
    const blogCard = () => coverOf(page.getByRole('link', { name: title }));
    const listingCard = () => coverOf(page.getByRole('heading', { name }));

    // Full page loads: Home (the soonest event comes first), the directory, the blog, an article, the admin Blogs tab.
    await page.goto('/');
    await expectPlaceholder(coverOf(page.getByRole('heading', { name: eventTitle })));
    await page.goto('/directory');
    await expectPlaceholder(listingCard());
    await page.goto('/blog');
    await expectPlaceholder(blogCard());
    await page.goto(`/blog?post=${blog.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectPlaceholder(page.getByRole('article').locator('img').first());
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Blogs', exact: true }).click();
    await expectPlaceholder(coverOf(page.getByRole('tabpanel').getByRole('heading', { name: title })));
    await page.getByRole('tab', { name: 'Directory', exact: true }).click();
    await expectPlaceholder(coverOf(page.getByRole('tabpanel').getByRole('heading', { name })));

    // In the page: from Home to the directory, and from the blog list into the article.
    await page.goto('/');
    await page.getByRole('link', { name: 'Directory', exact: true }).first().click();
    await expect(page).toHaveURL(/\/directory$/);
    await expectPlaceholder(listingCard());
    await page.goto('/blog');
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectPlaceholder(page.getByRole('article').locator('img').first());
  } finally {
    await admin.delete(`/api/blogs/${blog.id}`);
    await admin.delete(`/api/directory/${listing.id}`);
    await admin.delete(`/api/events/${event.id}`);
    await admin.dispose();
  }
});
