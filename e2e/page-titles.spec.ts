import { expect, test } from './fixtures';

// Seeded demo content (db/seed/content.ts): the newest article.
const ARTICLE = 'Notice, Name, Nourish: A Gentle Confidence Routine';

test('each page names the tab, from the server on a full load and as she moves around the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Bloom Circle');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveTitle('Events · Bloom Circle');
  await nav.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveTitle('Blog · Bloom Circle');

  // An open article names itself; back in the list, the list does again.
  await page.getByRole('main').getByText(ARTICLE, { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: ARTICLE, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${ARTICLE} · Bloom Circle`);
  const articleUrl = page.url();
  await page.goBack();
  await expect(page).toHaveTitle('Blog · Bloom Circle');

  // The article's own address, loaded afresh: its title and preview tags come with the page.
  await page.goto(articleUrl);
  await expect(page).toHaveTitle(`${ARTICLE} · Bloom Circle`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${ARTICLE} · Bloom Circle`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', articleUrl);
});

test("an event's and a podcast's own pages keep their item's title once the app runs", async ({ page }) => {
  const [event] = (await (await page.request.get('/api/events?limit=1')).json()) as { id: number; title: string }[];
  const [podcast] = (await (await page.request.get('/api/podcasts?limit=1')).json()) as { id: number; title: string }[];
  await page.goto(`/events?event=${event!.id}`);
  await expect(page.getByRole('heading', { name: event!.title })).toBeVisible();
  await expect(page).toHaveTitle(`${event!.title} · Bloom Circle`);
  await page.goto(`/podcasts?podcast=${podcast!.id}`);
  await expect(page.getByRole('heading', { name: podcast!.title })).toBeVisible();
  await expect(page).toHaveTitle(`${podcast!.title} · Bloom Circle`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', page.url());
});
