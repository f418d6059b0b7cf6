import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../db/seed';

/**
 * Every journey fails on a console error or an uncaught exception in the page: a screen
 * that "works" while throwing is not working.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A refused sign-in is an expected 4xx; the browser logs failed requests as errors.
        if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A toast with this title and description is on screen (radix also announces it in a hidden status). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(toast.getByText(description, { exact: true })).toBeVisible();
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in with the demo accounts through the API (for journeys that aren't about signing in). */
export async function signInAs(page: Page, role: keyof typeof DEMO_ACCOUNTS) {
  const account = DEMO_ACCOUNTS[role];
  const response = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(response.ok()).toBe(true);
}

export { DEMO_ACCOUNTS };
