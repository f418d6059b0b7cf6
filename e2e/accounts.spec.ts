import { DEMO_ACCOUNTS, expect, expectToast, signInThroughForm, test } from './fixtures';

test('a visitor applies, waits for approval, is approved by an admin, signs in and out', async ({ page, browser }) => {
  const email = `layla.${Date.now()}@example.com`;
  const password = 'Sunflower24';

  // A visitor sees the landing page and applies.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get Started Today' })).toBeVisible();
  await page.getByRole('link', { name: 'Join Our Community' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('First name').fill('Layla');
  await page.getByLabel('Last name').fill('Hassan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Age').fill('17');
  await page.getByLabel('Interests and hobbies').fill('Painting, hiking and chess');
  await page.getByLabel('Brief bio').fill('I just moved to the city and want to meet kind people.');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters$/);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('I agree to the community guidelines').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  // The form gives way to what happens next: nothing is left to send twice.
  await expect(page.getByRole('heading', { name: 'Thank you for applying' })).toBeFocused();
  await expect(page.getByText('Application submitted! Thank you for joining Bloom Circle! Our admins will review your application and get back to you soon.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

  // While pending she can't sign in.
  await signInThroughForm(page, email, password);
  // Said calmly, with what happens next: not in the destructive style of a wrong password.
  await expectToast(page, 'Login Failed', 'Your application is still under review. We’ll email you as soon as an admin has looked at it, then you can sign in.');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first()).not.toHaveClass(/bg-destructive/);
  await expect(page).toHaveURL(/\/login$/);

  // An admin approves her application.
  const admin = await browser.newContext();
  const adminApi = admin.request;
  expect((await adminApi.post(new URL('/api/admin/login', page.url()).toString(), { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const pending = (await (await adminApi.get(new URL('/api/admin/pending-users', page.url()).toString())).json()) as { id: number; email: string }[];
  const application = pending.find((user) => user.email === email);
  expect(application).toBeDefined();
  const approval = await adminApi.patch(new URL(`/api/admin/users/${application!.id}/approval`, page.url()).toString(), { data: { isApproved: true } });
  expect(approval.ok()).toBe(true);
  await admin.close();

  // Now she signs in and sees Home with her name in the top bar.
  await signInThroughForm(page, email, password);
  // Her first sign-in is a welcome, not a welcome back.
  await expectToast(page, 'Login Successful', "Welcome to Bloom Circle, Layla! We're so glad you're here.");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu: Layla Hassan/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

  // A signed-in member gets the 404 page on unknown paths, in plain words with a way back;
  // the developer-style hint is for admins only.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find that page.")).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the Community' }).click();
  await expect(page).toHaveURL(/\/community$/);

  // Sign out: back on the landing page, and the session is gone on the server.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Get Started Today' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a visitor sees the landing page on unknown paths and a wrong password is refused', async ({ page }) => {
  await page.goto('/somewhere-else');
  await expect(page.getByRole('link', { name: 'Join Our Community' }).first()).toBeVisible();
  await signInThroughForm(page, DEMO_ACCOUNTS.member.email, 'NotThePassword1');
  await expectToast(page, 'Login Failed', 'Invalid email or password');
});

test('the admin sign-in validates, refuses members and opens the admin panel', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.member.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login Failed', 'Admin privileges required');

  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the mobile menu opens and shows every section', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  for (const name of ['Home', 'Podcasts', 'Blog', 'Directory', 'Community Hub', 'Events']) {
    await expect(page.locator('#mobile-menu').getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.locator('#mobile-menu').getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
