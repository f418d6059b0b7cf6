import { readFile } from 'node:fs/promises';
import { DEMO_ACCOUNTS, expect, expectNoSeriousAxeFindings, expectToast, signInAs, test } from './fixtures';

const DAY = 86_400_000;

test("an event's Add to calendar file, and her private calendar feed that a new link retires", async ({ page, context, playwright, baseURL }) => {
  // An event of its own, later than the demo events, so Home's cards stay as they were.
  const title = `Calendar Picnic ${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const created = await admin.post('/api/events', {
    data: {
      title,
      description: 'Sandwiches, lemonade and a game of rounders on the lawn.',
      location: 'Riverside Park, east lawn',
      dateTime: new Date(Date.now() + 61 * DAY).toISOString(),
      price: '0',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.dispose();

  // A visitor saves the event's file from its card.
  await page.goto('/events');
  const addLink = page.getByRole('link', { name: `Add to calendar: ${title}` });
  await expect(addLink).toHaveAttribute('href', `/api/events/${id}/ics`);
  const [download] = await Promise.all([page.waitForEvent('download'), addLink.click()]);
  expect(download.suggestedFilename()).toBe(`event-${id}.ics`);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(file).toContain(`SUMMARY:${title}`);

  // Amira attends it, then gets her calendar link.
  await signInAs(page, 'member');
  await page.goto('/events');
  await page.getByRole('button', { name: `Attend: ${title}` }).click();
  await expectToast(page, 'Success', 'You are now attending!');

  await page.goto('/settings/profile');
  const calendar = page.getByRole('region', { name: 'Your calendar' });
  await expect(calendar).toContainText('Keep this link private.');
  const link = calendar.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveCount(0);
  await calendar.getByRole('button', { name: 'Get my calendar link' }).click();
  await expect(link).toHaveValue(/\/calendar\/[a-z0-9]+\.ics$/);
  // The new link has her focus, selected, ready to copy.
  await expect(link).toBeFocused();
  const url = await link.inputValue();
  await expectNoSeriousAxeFindings(page, 'her calendar link');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await calendar.getByRole('button', { name: 'Copy your calendar link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const feedText = await feed.text();
  expect(feedText.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(feedText).toContain(`SUMMARY:${title}`);

  // A new link retires the old one.
  await calendar.getByRole('button', { name: 'Get a new link' }).click();
  await expect(link).not.toHaveValue(url);
  await expect(link).toHaveValue(/\/calendar\/[a-z0-9]+\.ics$/);
  const next = await link.inputValue();
  expect((await page.request.get(url)).status()).toBe(404);
  const nextFeed = await page.request.get(next);
  expect(nextFeed.status()).toBe(200);
  expect(await nextFeed.text()).toContain(`SUMMARY:${title}`);
});
