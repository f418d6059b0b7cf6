import type { Page } from '@playwright/test';
import { longDateUtc } from '#client/lib/formats';
import { GUIDELINES_VERSION } from '#shared/guidelines';
import { DEMO_ACCOUNTS, expect, test } from './fixtures';

const AGREE = 'I agree to the community guidelines';
const NOT_ACCEPTED = 'Please accept the community guidelines';
/** "Last updated November 23, 2026" for the version 2026-11-23. */
const LAST_UPDATED = `Last updated ${longDateUtc(new Date(`${GUIDELINES_VERSION}T00:00:00Z`))}`;

async function fillApplication(page: Page, email: string) {
  await page.getByLabel('First name').fill('Mariam');
  await page.getByLabel('Last name').fill('Saleh');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Jasmine2026');
  await page.getByLabel('Age').fill('15');
  await page.getByLabel('Interests and hobbies').fill('Drawing, books and volleyball');
  await page.getByLabel('Brief bio').fill('I like drawing comics and want friends who like it too.');
}

test('a visitor reads the guidelines from the application form, must tick the box, then applies', async ({ page, browser }) => {
  const email = `mariam.${Date.now()}@example.com`;
  await page.goto('/signup');
  await fillApplication(page, email);

  // The link beside the box opens the guidelines in the same tab.
  const box = page.getByRole('checkbox', { name: AGREE, exact: true });
  await expect(box).not.toBeChecked();
  await page.getByRole('link', { name: 'community guidelines', exact: true }).click();
  await expect(page).toHaveURL(/\/guidelines$/);
  expect(page.context().pages()).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
  await expect(page.getByText(LAST_UPDATED)).toBeVisible();
  for (const heading of ['Be kind', 'Protect your privacy and others’', 'No harassment, bullying or hate', 'No sexual content', 'No selling or spam', 'If you are thinking of hurting yourself', 'Reporting and blocking', 'When the guidelines are broken']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'findahelpline.com' })).toHaveAttribute('href', 'https://findahelpline.com');

  // Back on the form, what she typed is still there, her password too.
  await page.goBack();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('First name')).toHaveValue('Mariam');
  await expect(page.getByLabel('Brief bio')).toHaveValue('I like drawing comics and want friends who like it too.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Jasmine2026');

  // Without the box ticked, the application is not sent: the rule shows under the box.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(NOT_ACCEPTED, { exact: true })).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(NOT_ACCEPTED);
  await expect(page.getByText(/Application submitted!/)).toHaveCount(0);

  // Ticking it clears the message; now the application goes through.
  await box.check();
  await expect(page.getByText(NOT_ACCEPTED, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted!' })).toHaveText(
    'Application submitted! Thank you for joining Bloom Circle! Our admins will review your application and get back to you soon.',
  );
  await expect(box).toHaveCount(0);

  // The application really arrived: an admin finds it.
  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  expect((await admin.request.post('/api/admin/login', { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const pending = (await (await admin.request.get('/api/admin/pending-users')).json()) as { email: string }[];
  expect(pending.map((user) => user.email)).toContain(email);
  await admin.close();
});

test('the guidelines are linked from the footer, and readable before any script runs', async ({ page, browser }) => {
  await page.goto('/events');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Community Guidelines' }).click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();

  // Server-rendered: with scripts off the whole page is there.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  const plain = await noScript.newPage();
  await plain.goto('/guidelines');
  await expect(plain.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
  await expect(plain.getByText(LAST_UPDATED)).toBeVisible();
  await expect(plain.getByRole('heading', { level: 2, name: 'Reporting and blocking' })).toBeVisible();
  await noScript.close();
});
