import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectToast, newMember, signInThroughForm, siteUrl, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

const stamp = Date.now().toString(36);
const RESET_SUBJECT = 'Reset your Bloom Circle password';
const CONFIRM_SUBJECT = 'Confirm your new email for Bloom Circle';

/** The browser's cookies go, then she signs in through the API. */
async function signInAsMember(page: Page, member: { email: string; password: string }) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/login', { data: { email: member.email, password: member.password } });
  expect(login.ok(), `sign-in of ${member.email}`).toBe(true);
}

/** The account menu's code arrives after the page's: a press before it has taken over the button is lost, so press again. */
async function openFromUserMenu(page: Page, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await entry.click();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a forgotten password: the mailed link sets a new one, works once, and she signs in with it', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Rana');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    'If an account exists for this email, we have sent a link to reset your password.',
  );

  // An unknown email reads exactly the same.
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`nobody.${stamp}@example.com`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    'If an account exists for this email, we have sent a link to reset your password.',
  );

  const link = linkIn(await waitForMail(member.email, RESET_SUBJECT), '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('At least 8 characters, with an uppercase letter, a lowercase letter and a number.')).toBeVisible();
  const newPassword = 'Moonlight77';
  await page.getByLabel('New password').fill('moonlight');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByLabel('New password')).toHaveAccessibleDescription(/Password must contain at least one uppercase letter/);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed. You can sign in with it now.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login');

  // The link works once: opened again, the page says so calmly before she types anything.
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('This link was already used: sign in or ask for a new one.');
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The old password no longer opens the account; the new one does.
  await signInThroughForm(page, member.email, member.password);
  await expectToast(page, 'Login Failed', 'Invalid email or password');
  await signInThroughForm(page, member.email, newPassword);
  // Her first sign-in ever.
  await expectToast(page, 'Login Successful', `Welcome to Bloom Circle, ${member.firstName}! We're so glad you're here.`);
});

test('she edits her profile and changes her password from Profile Settings; refusals change nothing', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Salma');
  await signInAsMember(page, member);
  await page.goto('/');
  await openFromUserMenu(page, 'Profile Settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();

  const details = section(page, 'Your profile');
  await expect(details.getByLabel('First name')).toHaveValue(member.firstName);
  // A bio too short is refused at its field, and nothing is saved.
  await details.getByLabel('First name').fill('Salma-Rose');
  await details.getByLabel('Brief bio').fill('Too short');
  await details.getByRole('button', { name: 'Save Profile' }).click();
  await expect(details.getByLabel('Brief bio')).toHaveAccessibleDescription('Please write a brief bio (at least 20 characters)');
  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue(member.firstName);

  await details.getByLabel('First name').fill('Salma-Rose');
  await details.getByLabel('Brief bio').fill('Footballer, film lover and new to the city.');
  await details.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Profile Saved');
  await expect(page.getByRole('button', { name: /Account menu: Salma-Rose Karim/ })).toBeVisible();
  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Salma-Rose');
  await expect(details.getByLabel('Brief bio')).toHaveValue('Footballer, film lover and new to the city.');

  // Her password: the current one is checked at its field.
  const password = section(page, 'Change password');
  await expect(password.getByText('Changing your password signs you out on your other devices.', { exact: false })).toBeVisible();
  await password.getByLabel('Current password').fill('NotMyPassword1');
  await password.getByLabel('New password').fill('Sparkle2025');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect');
  await expect(password.getByLabel('New password')).toHaveValue('Sparkle2025');
  await password.getByLabel('Current password').fill(member.password);
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Updated', 'Your other devices were signed out.');
  await expect(password.getByLabel('Current password')).toHaveValue('');

  // This device stays signed in; the new password is the one that works.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  await expect(section(page, 'Your profile').getByLabel('First name')).toHaveValue('Salma-Rose');
  await page.context().clearCookies();
  await signInThroughForm(page, member.email, member.password);
  await expectToast(page, 'Login Failed', 'Invalid email or password');
  await signInThroughForm(page, member.email, 'Sparkle2025');
  await expectToast(page, 'Login Successful', 'Welcome back, Salma-Rose!');
});

test('a new email: the link mailed to it confirms on a button press, and she signs in with it', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Dalia');
  const newEmail = `dalia.new.${stamp}@example.com`;
  await signInAsMember(page, member);
  await page.goto('/settings/profile');
  const email = section(page, 'Change email');
  await expect(email).toContainText(`Your email is ${member.email}`);

  // The same email, or a wrong password, is refused at its field.
  await email.getByLabel('New email').fill(member.email);
  await email.getByLabel('Current password').fill(member.password);
  await email.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(email.getByLabel('New email')).toHaveAccessibleDescription('This is already your email');
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill('WrongPassword1');
  await email.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(email.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect');

  await email.getByLabel('Current password').fill(member.password);
  await email.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(email.getByRole('status')).toHaveText(`We sent a link to ${newEmail}. Your email changes once you open it.`);
  // Nothing changes until the link is opened.
  await page.reload();
  await expect(section(page, 'Change email')).toContainText(`Your email is ${member.email}`);

  const link = linkIn(await waitForMail(newEmail, CONFIRM_SUBJECT), '/confirm-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
  // Opening the link changed nothing yet (mail scanners open links too).
  expect(((await (await page.request.get('/api/profile')).json()) as { email: string }).email).toBe(member.email);
  await page.getByRole('button', { name: 'Confirm My New Email' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email was changed.');
  await page.getByRole('link', { name: 'Go to Profile Settings' }).click();
  await expect(section(page, 'Change email')).toContainText(`Your email is ${newEmail}`);

  // A second press of the same link says it was used, calmly.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm My New Email' }).click();
  await expect(page.getByRole('status')).toHaveText('This link was already used: sign in or ask for a new one.');

  await page.context().clearCookies();
  await signInThroughForm(page, member.email, member.password);
  await expectToast(page, 'Login Failed', 'Invalid email or password');
  await signInThroughForm(page, newEmail, member.password);
  await expectToast(page, 'Login Successful', `Welcome back, ${member.firstName}!`);
});

test('she downloads her data as JSON and deletes her account, after which she can’t sign in', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Yara');
  await signInAsMember(page, member);
  await page.goto('/settings/profile');
  const data = section(page, 'Your data');

  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bloom-circle-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { profile: { email: string; firstName: string; lastName: string; bio: string } };
  expect(exported.profile).toMatchObject({ email: member.email, firstName: member.firstName, lastName: member.lastName, bio: 'I moved here last year and love meeting new people.' });

  await data.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByLabel('Your password')).toHaveAccessibleDescription('Please enter your password');
  await dialog.getByLabel('Your password').fill('NotMyPassword1');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByLabel('Your password')).toHaveAccessibleDescription('Current password is incorrect');

  // The last admin's refusal is shown in the dialog. The server's answer (refusing a wrong
  // password, so nothing changes) is rewritten into it: the demo admin must stay.
  const lastAdmin = 'You are the last admin: make someone else an admin before deleting your account';
  await page.route('**/trpc/auth.account.deleteAccount**', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('Current password is incorrect', lastAdmin).replaceAll('"BAD_REQUEST"', '"CONFLICT"').replace('"httpStatus":400', '"httpStatus":409');
    await route.fulfill({ response, status: 409, body });
  });
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: lastAdmin })).toBeVisible();
  await page.unroute('**/trpc/auth.account.deleteAccount**');
  expect((await page.request.get('/api/auth/user')).ok(), 'still signed in').toBe(true);

  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expectToast(page, 'Your account was deleted');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Get Started Today' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await signInThroughForm(page, member.email, member.password);
  await expectToast(page, 'Login Failed', 'Invalid email or password');
});

test('her devices: a second browser shows up, is signed out from the first, and so are all the others', async ({ page, browser, playwright }) => {
  const member = await newMember(playwright.request, 'Hiba');
  const baseURL = siteUrl();
  const phoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const signInPhone = async () => {
    const phone = await browser.newContext({ baseURL, userAgent: phoneUserAgent });
    expect((await phone.request.post('/api/login', { data: { email: member.email, password: member.password } })).ok()).toBe(true);
    return phone;
  };

  await signInThroughForm(page, member.email, member.password);
  await expectToast(page, 'Login Successful');
  const phone = await signInPhone();
  await page.goto('/settings/profile');
  const devices = section(page, 'Your devices');
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  const current = devices.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(/^Chrome on /);
  await expect(current.getByRole('button')).toHaveCount(0);
  const other = devices.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
  await expect(other).toContainText(/Signed in \w{3} \d{1,2}, \d{4}/);
  await expect(other).toContainText(/Last used \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);

  await other.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expectToast(page, 'Signed out of that device');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('You are signed in on this device only.')).toBeVisible();
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
  await phone.close();

  // Two more; one press signs both out and keeps this one.
  const [second, third] = [await signInPhone(), await signInPhone()];
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await devices.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expectToast(page, 'Signed out of every other device');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await second.request.get('/api/auth/user')).status()).toBe(401);
  expect((await third.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get('/api/auth/user')).ok()).toBe(true);
  await Promise.all([second.close(), third.close()]);
});

test('Newsletter Settings subscribe her own email at the frequency she picks, and unsubscribe it', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Maha');
  await signInAsMember(page, member);
  await page.goto('/');
  await openFromUserMenu(page, 'Newsletter Settings');
  await expect(page).toHaveURL(/\/settings\/newsletter$/);
  await expect(page.getByRole('heading', { name: 'Newsletter Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(`Sent to ${member.email}, your account’s email.`)).toBeVisible();

  const subscribed = page.getByRole('switch', { name: 'Send me the newsletter' });
  await expect(subscribed).not.toBeChecked();
  // How often shows once she turns it on.
  await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveCount(0);
  await subscribed.click();
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Newsletter settings saved');
  await page.reload();
  await expect(subscribed).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();

  await subscribed.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Newsletter settings saved');
  await page.reload();
  await expect(subscribed).not.toBeChecked();
});

test('visitors get the sign-in prompt on the settings pages, and links without a token say so', async ({ page }) => {
  for (const [path, prompt] of [
    ['/settings/profile', 'Sign in to change your profile and account settings.'],
    ['/settings/newsletter', 'Sign in to change your newsletter settings.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(prompt)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  }
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired');
  await page.goto('/confirm-email?token=not-a-real-token-at-all');
  await page.getByRole('button', { name: 'Confirm My New Email' }).click();
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has expired');
});
