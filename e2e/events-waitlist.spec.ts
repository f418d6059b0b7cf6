import type { Browser, Page } from '@playwright/test';
import { clientTookOver, DEMO_ACCOUNTS, expect, expectNoSeriousAxeFindings, expectToast, test } from './fixtures';
import { waitForMail } from './mailbox';

// A demo forum member (db/seed/community.ts), the second member of the journey.
const LAYLA = { email: 'layla@bloomcircle.example', password: 'BloomForum1' };
const DAY = 86_400_000;

test('a full event takes a waitlist, and a cancelled spot goes to the first member waiting', async ({ page, browser, playwright, baseURL }) => {
  // One spot only; later than the demo events, so Home's cards stay as they were.
  const title = `Waitlist Tea ${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const created = await admin.post('/api/events', {
    data: {
      title,
      description: 'Tea, biscuits and a quiet chat. Only one seat at this table.',
      location: 'Bloom Studio, 12 Garden Street',
      dateTime: new Date(Date.now() + 60 * DAY).toISOString(),
      price: '0',
      maxAttendees: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  // Amira takes the one spot.
  expect((await page.request.post('/api/login', { data: { email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password } })).ok()).toBe(true);
  await page.goto('/events');
  await page.getByRole('button', { name: `Attend: ${title}` }).click();
  await expectToast(page, 'Success', 'You are now attending!');
  await expect(page.getByRole('button', { name: `Attending: ${title}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Cancel RSVP: ${title}` })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'events, attending');

  // Layla, in a browser of her own, finds it full and joins the waitlist.
  const layla = await memberPage(browser, baseURL!, LAYLA);
  await layla.page.goto('/events');
  await clientTookOver(layla.page);
  await expect(layla.page.getByRole('button', { name: `Attend: ${title}` })).toHaveCount(0);
  await expectNoSeriousAxeFindings(layla.page, 'events, full');
  await layla.page.getByRole('button', { name: `Join waitlist: ${title}` }).click();
  await expectToast(layla.page, "You're on the waitlist", 'This event is full. You are number 1 on the waitlist.');
  await expect(layla.page.getByText("You're number 1 on the waitlist", { exact: true })).toBeVisible();
  await expect(layla.page.getByRole('button', { name: `Leave waitlist: ${title}` })).toBeVisible();
  await expectNoSeriousAxeFindings(layla.page, 'events, on the waitlist');

  // Amira cancels, after a confirmation that she can also step back from.
  await page.reload();
  await page.getByRole('button', { name: `Cancel RSVP: ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your spot?' });
  await expect(confirm).toContainText('If people are waiting, the first one gets it.');
  await confirm.getByRole('button', { name: 'Keep my spot' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: `Attending: ${title}` })).toBeDisabled();
  await page.getByRole('button', { name: `Cancel RSVP: ${title}` }).click();
  await confirm.getByRole('button', { name: 'Cancel RSVP' }).click();
  await expectToast(page, 'Done', 'Your RSVP was cancelled');
  // Her spot went to Layla, so the event is full again: Amira may only wait now.
  await expect(page.getByRole('button', { name: `Join waitlist: ${title}` })).toBeEnabled();

  // Layla is attending, and the mail says so.
  await layla.page.reload();
  await clientTookOver(layla.page);
  await expect(layla.page.getByRole('button', { name: `Attending: ${title}` })).toBeDisabled();
  await expect(layla.page.getByRole('button', { name: `Cancel RSVP: ${title}` })).toBeVisible();
  await expect(layla.page.getByText(/on the waitlist$/)).toHaveCount(0);
  const mail = await waitForMail(LAYLA.email, `A spot opened for you: ${title}`);
  expect(mail.text).toContain('You are now attending.');

  await layla.close();
});

/** A second member's browser, signed in through the API, failing on console errors like the journey's own page. */
async function memberPage(browser: Browser, baseURL: string, credentials: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Hydration mismatch')) errors.push(message.text());
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  expect((await page.request.post('/api/login', { data: credentials })).ok()).toBe(true);
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, 'console errors in the second browser').toEqual([]);
    },
  };
}
