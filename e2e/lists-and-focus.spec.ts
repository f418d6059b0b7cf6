import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, signInAs, test } from './fixtures';

// Seeded demo content (db/seed/content.ts).
const CAFE = 'Rose Café';
const PAST_EVENT = 'Podcast Live: Growing Up Online';
const DAY = 86_400_000;
const unique = () => Date.now().toString(36);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The admin's API, for items of the journey's own (demo items stay as other journeys expect them). */
async function adminApi(playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined) {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  return admin;
}

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<number> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Screenshots for a person to look at, when E2E_SCREENSHOTS names a folder for them. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
};

// The Community entry's place in the menu differs by width (the phone's menu is a panel).
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the Community entry of the menu is current on every community page', async ({ page }) => {
      for (const path of ['/community-hub', '/community', '/community/blog', '/community/newsletter', '/community/places-to-go']) {
        await page.goto(path);
        if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
        const nav = viewport === PHONE ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main navigation' });
        await expect(nav.getByRole('link', { name: 'Community Hub' })).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      }
      await shot(page, 'nav-community');
    });
  });
}

// Search, filters and links behave the same at every width: checked once, on a phone.
test.describe('at 390px', () => {
  test.use({ viewport: PHONE });

  test('search and filters stay in the address through a reload, with one search rule for every spelling', async ({ page }) => {
    await page.goto('/directory');
    const box = page.getByLabel('Search the directory');
    const cafe = page.getByRole('heading', { name: CAFE, level: 3 });
    // 'cafe', 'CAFÉ' and 'Café' find the same listing.
    for (const spelling of ['cafe', 'CAFÉ', 'Café']) {
      await box.fill(spelling);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(spelling)}`));
      await expect(cafe).toBeVisible();
    }
    await page.getByLabel('Category').selectOption('Cafes');
    await expect(page).toHaveURL(/category=Cafes/);
    await page.reload();
    await expect(page.getByLabel('Search the directory')).toHaveValue('Café');
    await expect(page.getByLabel('Category')).toHaveValue('Cafes');
    await expect(cafe).toBeVisible();
    await shot(page, 'directory-search');

    // The blog: an article opened from a filtered list leads back to the same list.
    await page.goto('/blog?q=confidence');
    await expect(page.getByLabel('Search articles')).toHaveValue('confidence');
    const article = page.getByRole('link', { name: 'Notice, Name, Nourish: A Gentle Confidence Routine' });
    await expect(article).toHaveAttribute('href', /^\/blog\?(q=confidence&)?post=\d+/);
    await article.click();
    await expect(page.getByRole('heading', { name: 'Notice, Name, Nourish: A Gentle Confidence Routine', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: '← Back to Blogs' }).click();
    await expect(page).toHaveURL(/\/blog\?q=confidence$/);
    await expect(page.getByLabel('Search articles')).toHaveValue('confidence');

    // Podcasts, the events' tab and places.
    await page.goto('/podcasts');
    await page.getByLabel('Category').selectOption('School Life');
    await page.getByLabel('Search podcasts').fill('exam');
    await expect(page).toHaveURL(/category=School\+Life|category=School%20Life/);
    await expect(page).toHaveURL(/q=exam/);
    await page.reload();
    await expect(page.getByLabel('Search podcasts')).toHaveValue('exam');
    await expect(page.getByLabel('Category')).toHaveValue('School Life');

    await page.goto('/events');
    await page.getByRole('tab', { name: 'Past Events' }).click();
    await expect(page).toHaveURL(/\/events\?tab=past$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Past Events', selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Past Events' }).getByRole('heading', { name: PAST_EVENT })).toBeVisible();

    await page.goto('/community/places-to-go');
    await page.getByRole('button', { name: 'Cafe', exact: true }).click();
    await page.getByLabel('Search places').fill('CAFÉ');
    await expect(page).toHaveURL(/category=cafe/);
    await expect(page).toHaveURL(/q=CAF%C3%89/);
    await page.reload();
    await expect(page.getByLabel('Search places')).toHaveValue('CAFÉ');
    await expect(page.getByRole('button', { name: 'Cafe', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'places-search');
  });

  test('search results, activity and Listen now open the item itself', async ({ page }) => {
    await page.goto('/community-hub');
    await page.getByLabel('Search podcasts, blogs and events').fill('vulnerability');
    await page.getByRole('region', { name: 'Podcasts' }).getByRole('link', { name: /The Power of Vulnerability/ }).click();
    await expect(page).toHaveURL(/\/podcasts\?podcast=\d+$/);
    await expect(page.getByRole('heading', { name: 'The Power of Vulnerability', level: 3 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
    await shot(page, 'podcast-item');
    await page.getByRole('link', { name: '← All podcasts' }).click();
    await expect(page).toHaveURL(/\/podcasts$/);

    // Recent activity: events still to come only, each row opening its event.
    await page.goto('/community-hub');
    const eventRows = page.getByRole('link', { name: /^New event / });
    await expect(eventRows.first()).toBeVisible();
    await expect(eventRows.filter({ hasText: PAST_EVENT })).toHaveCount(0);
    // Other journeys on this site may have added newer events: open the first row, whichever it is.
    const firstEvent = (await eventRows.first().textContent())!;
    await eventRows.first().click();
    await expect(page).toHaveURL(/\/events\?event=\d+$/);
    const heading = page.getByRole('heading', { level: 3 });
    await expect(heading).toHaveCount(1);
    expect(firstEvent).toContain((await heading.textContent())!.trim());
    await shot(page, 'event-item');

    await page.goto('/community-hub');
    await page.getByRole('link', { name: 'Listen now' }).click();
    await expect(page).toHaveURL(/\/podcasts\?podcast=\d+$/);
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
  });
});

test.describe('at 1280px', () => {
  test.use({ viewport: DESKTOP });

  test("Home's popular listings come most liked and best rated first", async ({ page }) => {
    await signInAs(page, 'member');
    const popular = (await (await page.request.get('/api/directory?sort=popular&limit=4')).json()) as { name: string }[];
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Popular Directory Listings' }) });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(popular.map((listing) => listing.name));
  });

  test('counts read "1 like · 1 comment" in the admin panel', async ({ page, playwright, baseURL }) => {
    const title = `One of each ${unique()}`;
    const admin = await adminApi(playwright, baseURL);
    const id = await created(
      await admin.post('/api/blogs', {
        data: { title, content: 'A short piece.', excerpt: 'An article with exactly one like and one comment, to read its counts.', category: 'Productivity', authorName: 'Maya Haddad', tags: '', isPublished: true },
      }),
    );
    await admin.post(`/api/blogs/${id}/like`);
    expect((await admin.post(`/api/blogs/${id}/comments`, { data: { content: 'The only comment.' } })).ok()).toBe(true);
    await admin.dispose();

    await signInAs(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Blogs' }).click();
    await expect(page.getByText(/· 1 like · 1 comment$/).first()).toBeVisible();
  });

  test('the blog card is a link: a new tab opens the article', async ({ page, context }) => {
    await page.goto('/blog');
    const card = page.getByRole('link', { name: 'Notice, Name, Nourish: A Gentle Confidence Routine' });
    const [tab] = await Promise.all([context.waitForEvent('page'), card.click({ modifiers: ['Control'] })]);
    await tab!.waitForLoadState();
    await expect(tab!).toHaveURL(/\/blog\?post=\d+$/);
    await expect(tab!.getByRole('heading', { name: 'Notice, Name, Nourish: A Gentle Confidence Routine', level: 1 })).toBeVisible();
    await tab!.close();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the keyboard stays where she was: comments, Escape, likes, RSVPs, posts and subscribing', async ({ page, playwright, baseURL }) => {
    const admin = await adminApi(playwright, baseURL);
    const podcast = `Focus talk ${unique()}`;
    await created(
      await admin.post('/api/podcasts', { data: { title: podcast, description: 'A talk for the journey.', category: 'School Life', iframe: 'https://www.youtube.com/embed/abc123', tags: '' } }),
    );
    const blogTitle = `Focus article ${unique()}`;
    const blogId = await created(
      await admin.post('/api/blogs', {
        data: { title: blogTitle, content: 'Body.', excerpt: 'An article of the focus journey, with room for comments.', category: 'Productivity', authorName: 'Maya Haddad', tags: '', isPublished: true },
      }),
    );
    const event = `Focus meetup ${unique()}`;
    const eventId = await created(
      await admin.post('/api/events', {
        data: { title: event, description: 'A meetup of the focus journey.', location: 'Bloom Studio', dateTime: new Date(Date.now() + 90 * DAY).toISOString(), price: '0', maxAttendees: 1 },
      }),
    );
    const full = `Full focus meetup ${unique()}`;
    const fullId = await created(
      await admin.post('/api/events', {
        data: { title: full, description: 'Taken by the admin already.', location: 'Bloom Studio', dateTime: new Date(Date.now() + 91 * DAY).toISOString(), price: '0', maxAttendees: 1 },
      }),
    );
    expect((await admin.post(`/api/events/${fullId}/rsvp`)).ok()).toBe(true);
    await admin.dispose();
    await signInAs(page, 'member');

    // A comment in the podcast dialog: the keyboard stays in the comment box.
    await page.goto('/podcasts?q=' + encodeURIComponent(podcast));
    const like = page.getByRole('button', { name: `Like ${podcast}` });
    await like.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Unlike ${podcast}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: `Unlike ${podcast}` })).toBeFocused();

    await page.getByRole('button', { name: `Comments on ${podcast}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    const box = dialog.getByLabel('Your comment');
    await box.fill('Kept my place.');
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await expect(dialog.getByText('Kept my place.')).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    // Her own comment says 'You', as her own posts do.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Kept my place.' }).getByText('You', { exact: true })).toBeVisible();
    await shot(page, 'podcast-comment');
    // The first Escape closes the dialog, not the toast that came with the comment (the open
    // modal hides the toast region from assistive tech, so it is found by its markup here).
    await expect(page.locator('li[data-state="open"]', { hasText: 'Comment added successfully' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Success', 'Comment added successfully');
    await expect(page.getByRole('button', { name: `Comments on ${podcast}` })).toBeFocused();

    // The blog: Like keeps the focus.
    await page.goto(`/blog?post=${blogId}`);
    await page.getByRole('button', { name: `Like ${blogTitle}` }).click();
    await expect(page.getByRole('button', { name: `Unlike ${blogTitle}` })).toBeFocused();

    // Attend, cancel and join a waitlist: the keyboard stays in the card's RSVP area.
    await page.goto(`/events?event=${eventId}`);
    await page.getByRole('button', { name: `Attend: ${event}` }).click();
    await expectToast(page, 'Success', 'You are now attending!');
    await expect(page.getByRole('button', { name: `Cancel RSVP: ${event}` })).toBeFocused();
    await shot(page, 'event-attending');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Cancel your spot?' }).getByRole('button', { name: 'Cancel RSVP' }).click();
    await expectToast(page, 'Done', 'Your RSVP was cancelled');
    await expect(page.getByRole('button', { name: `Attend: ${event}` })).toBeFocused();
    await page.goto(`/events?event=${fullId}`);
    await page.getByRole('button', { name: `Join waitlist: ${full}` }).click();
    await expect(page.getByRole('button', { name: `Leave waitlist: ${full}` })).toBeFocused();

    // Publishing a post moves the keyboard to it.
    await page.goto('/community/blog');
    await page.getByRole('button', { name: 'New Post' }).click();
    const postTitle = `Where the focus goes ${unique()}`;
    await page.getByLabel('Title').fill(postTitle);
    await page.getByLabel('Content', { exact: true }).fill('After publishing, the keyboard lands on the new post.');
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await expectToast(page, 'Post Published');
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: postTitle }) })).toBeFocused();
    await shot(page, 'post-published');

    // Subscribing moves it to the answer.
    await page.goto('/community/newsletter');
    await page.getByLabel('Email address').fill(`focus-${unique()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
    await shot(page, 'subscribed');
  });
});
