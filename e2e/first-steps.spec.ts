import { DEMO_ACCOUNTS, expect, expectToast, signInAs, signInThroughForm, test } from './fixtures';

/**
 * A girl of 15 applies on her phone: she has to give her age, sees that her application
 * arrived and what happens next, is approved, and is welcomed on her first sign-in (welcomed
 * back after). Signed in, the sign-in and application pages take her Home.
 */

const PHONE = { width: 390, height: 844 };
const SUCCESS = 'Application submitted! Thank you for joining Bloom Circle! Our admins will review your application and get back to you soon.';

test('a 15-year-old applies on her phone, is approved, and is welcomed on her first sign-in', async ({ page, playwright, baseURL }) => {
  const stamp = Date.now();
  // A long address, so the admin's card has to wrap it.
  const email = `yasmin.abdelrahman.from.the.old.town.${stamp}@example.com`;
  const password = 'Marigold2026';

  await page.setViewportSize(PHONE);
  await page.goto('/');
  // The landing page promises nothing the application doesn't have.
  await expect(page.getByText(/quiz/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Is Bloom Circle right for you?' })).toBeVisible();

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Yasmin');
  await page.getByLabel('Last name').fill('Abdelrahman');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Interests and hobbies').fill('Football, poetry and baking');
  await page.getByLabel('Brief bio').fill('I play football at school and write poems in the evening.');
  await page.getByLabel('I agree to the community guidelines').check();

  // She skips her age: she is asked for it, not taken for an adult.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByLabel('Age')).toBeFocused();
  await expect(page.getByLabel('Age')).toBeInViewport();
  await expect(page.getByLabel('Age')).toHaveAccessibleDescription(/Please enter your age$/);
  await page.getByLabel('Age').fill('15');
  await page.getByRole('button', { name: 'Submit Application' }).click();

  // The form gives way to what happens next, on screen.
  const heading = page.getByRole('heading', { name: 'Thank you for applying' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted!' })).toHaveText(SUCCESS);
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('A moderator reads your application');
  await expect(next).toContainText(`We email you at ${email}`);
  await expect(next).toContainText('Once you are approved, sign in');
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

  // The admin sees her age on one line, however her address wraps.
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Pending Users/ }).click();
  const card = page.getByRole('tabpanel').locator('div').filter({ has: page.getByText(email) }).last();
  const age = card.getByText('· Age 15', { exact: true });
  await expect(age).toBeVisible();
  // On one line (every box the text is drawn in has the same top), at any phone's width.
  for (let width = 320; width <= 430; width += 2) {
    await page.setViewportSize({ width, height: PHONE.height });
    const tops = await age.evaluate((element) => [...element.getClientRects()].map((rect) => Math.round(rect.top)));
    expect(new Set(tops).size, `'Age 15' at ${width} px`).toBe(1);
  }
  await page.setViewportSize(PHONE);

  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
  expect((await admin.post('/api/admin/login', { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const pending = (await (await admin.get('/api/admin/pending-users')).json()) as { id: number; email: string; age: number | null }[];
  const application = pending.find((user) => user.email === email);
  expect(application?.age).toBe(15);
  expect((await admin.patch(`/api/admin/users/${application!.id}/approval`, { data: { isApproved: true } })).ok()).toBe(true);
  await admin.dispose();

  // Her first sign-in is a welcome; the next one a welcome back.
  await page.context().clearCookies();
  await signInThroughForm(page, email, password);
  await expectToast(page, 'Login Successful', "Welcome to Bloom Circle, Yasmin! We're so glad you're here.");
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await signInThroughForm(page, email, password);
  await expectToast(page, 'Login Successful', 'Welcome back, Yasmin!');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in member who opens the sign-in or application page is taken Home', async ({ page }) => {
  await signInAs(page, 'member');
  for (const path of ['/login', '/signup']) {
    // A full page load: the server's page doesn't draw the form either.
    const html = await (await page.request.get(path)).text();
    expect(html).not.toContain('Submit Application');
    expect(html).not.toContain('Keep me logged in');
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu: Amira/ })).toBeVisible();
  }
});
