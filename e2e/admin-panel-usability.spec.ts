import type { Page } from '@playwright/test';
import { PODCAST_CATEGORIES } from '#shared/categories';
import { DEMO_ACCOUNTS, expect, expectToast, signInAs, test, openTab, saveScreenshot } from './fixtures';

/**
 * The admin panel as admins use it day to day: places managed like the other content, the
 * open tab in the address, a tab row that fits a phone, the way between the panel and the site,
 * and the rules that keep her from mistakes (capacity, her own account, rejecting).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The account menu's code arrives after the page's: a press before it has taken over the button is lost, so press again. */
async function openUserMenu(page: Page) {
  await expect(async () => {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('signing in to the admin panel says so', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expectToast(page, 'Login Successful', 'Welcome to the admin panel');
  await saveScreenshot(page, 'admin-login-toast-desktop');
});

test('an admin adds, finds, edits and deletes a place; Places to Go follows', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const name = `Lantern Yoga Loft ${stamp}`;
  const renamed = `Lantern Yoga Studio ${stamp}`;
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Places');
  await expect(page.getByRole('heading', { name: 'Suggestions from members', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Places to Go', level: 2 })).toBeVisible();

  // A bad entry is refused at its field, and nothing is sent.
  await page.getByRole('button', { name: 'Add Place' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Place' });
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Gentle morning classes for beginners, mats provided.');
  await pickOption(page, 'Category', 'fitness');
  await dialog.getByLabel('Address').fill('12 Lantern Street');
  await dialog.getByLabel('Rating (optional)').fill('7');
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expect(dialog.getByText('Rating must be a number from 0 to 5')).toBeVisible();
  await dialog.getByLabel('Rating (optional)').fill('4.5');
  await dialog.getByLabel('Tags (optional)').fill('yoga, calm');
  await dialog.getByLabel('Recommended (shown first, with a badge)').check();
  await saveScreenshot(page, 'admin-place-form-desktop');
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expectToast(page, 'Place Created');
  await expect(dialog).toBeHidden();

  // The search finds it among the others.
  await page.getByLabel('Search places').fill(stamp);
  const cards = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Places to Go', level: 2 }) }).getByRole('heading', { level: 3 });
  await expect(cards).toHaveText([name]);
  await saveScreenshot(page, 'admin-places-desktop');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Place' });
  await expect(dialog.getByLabel('Rating (optional)')).toHaveValue('4.5');
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Place Updated');
  await expect(cards).toHaveText([renamed]);

  await page.goto('/community/places-to-go');
  await page.getByLabel('Search places').fill(stamp);
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  // Deleting asks first.
  await page.goto('/admin?tab=places');
  await page.getByLabel('Search places').fill(stamp);
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this place?' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Place Deleted');
  await expect(page.getByText('No places match your search.')).toBeVisible();
  await page.goto('/community/places-to-go');
  await page.getByLabel('Search places').fill(stamp);
  await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);
});

test('the open tab is in the address: a reload and Back keep it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Events');
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Events', exact: true, selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events', level: 2 })).toBeVisible();
  await openTab(page, 'Podcasts');
  await expect(page).toHaveURL(/\/admin\?tab=podcasts$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Events', exact: true, selected: true })).toBeVisible();
  // An unknown tab opens the first one.
  await page.goto('/admin?tab=nothing');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
});

test('on a phone the tabs are one scrolling row with the open tab in view, and the panel and the site link to each other', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'admin');
  await page.goto('/admin?tab=mail');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  const mail = page.getByRole('tab', { name: 'Mail', exact: true, selected: true });
  await expect(mail).toBeVisible();
  // One row, not five: the list starts right below it.
  const row = (await tabs.boundingBox())!;
  expect(row.height).toBeLessThan(60);
  expect(await tabs.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // The open tab, last of the row, was scrolled into view.
  await expect(async () => {
    const box = (await mail.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }).toPass();
  const panelTop = (await page.getByRole('tabpanel').boundingBox())!.y;
  expect(panelTop).toBeLessThan(320);
  await saveScreenshot(page, 'admin-tabs-phone');

  // A tab further along the row is reached by scrolling it, and opens.
  await page.getByRole('tab', { name: 'Places', exact: true }).click();
  await expect(page).toHaveURL(/tab=places$/);
  await expect(page.getByRole('heading', { name: 'Places to Go', level: 2 })).toBeVisible();
  await saveScreenshot(page, 'admin-places-phone');

  // From the panel to the site, and back through her account menu.
  await page.getByRole('link', { name: 'View site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openUserMenu(page);
  await saveScreenshot(page, 'site-user-menu-admin-phone');
  await page.getByRole('menuitem', { name: 'Admin panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await saveScreenshot(page, 'admin-overview-phone');
});

test("a member's account menu has no admin panel entry", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'member');
  await page.goto('/');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin panel' })).toHaveCount(0);
});

test("the admin's own Delete is off, with the reason", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const self = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`;
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Community Users');
  await page.getByLabel('Search users').fill(DEMO_ACCOUNTS.admin.email);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText([self]);
  const own = page.getByRole('button', { name: `Delete ${self}` });
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription("This is you: your own account can't be deleted here. Use Profile Settings on the site.");
  await saveScreenshot(page, 'admin-own-account-desktop');
  await openTab(page, 'Admin Management');
  await expect(page.getByRole('button', { name: `Delete ${self}` })).toBeDisabled();
  await saveScreenshot(page, 'admin-own-account-admins-desktop');
  await page.setViewportSize(PHONE);
  await page.getByRole('tabpanel').getByRole('heading', { name: self }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-own-account-admins-phone');
  await page.setViewportSize(DESKTOP);
  // Someone else's Delete stays on.
  await openTab(page, 'Community Users');
  await page.getByLabel('Search users').fill(DEMO_ACCOUNTS.member.email);
  await expect(page.getByRole('button', { name: `Delete ${DEMO_ACCOUNTS.member.firstName} ${DEMO_ACCOUNTS.member.lastName}` })).toBeEnabled();
});

test("the podcast form offers the public filter's categories, no others", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Podcasts');
  await page.getByRole('button', { name: 'Add Podcast' }).click();
  await page.getByRole('dialog').getByLabel('Category', { exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([...PODCAST_CATEGORIES]);
});

test('max attendees below the members attending is refused at the field, and the event keeps its capacity', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const title = `Capacity Circle ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  const created = await page.request.post('/api/events', {
    data: { title, description: 'A small circle for a quiet talk.', location: 'Garden Room', dateTime: '2032-04-10T17:00:00.000Z', maxAttendees: 10 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  // Two members attend: the admin herself and the demo member.
  expect((await page.request.post(`/api/events/${id}/rsvp`)).ok()).toBe(true);
  const member = await playwright.request.newContext({ baseURL });
  expect((await member.post('/api/login', { data: { email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password } })).ok()).toBe(true);
  expect((await member.post(`/api/events/${id}/rsvp`)).ok()).toBe(true);
  await member.dispose();

  await page.goto('/admin');
  await openTab(page, 'Events');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  const field = dialog.getByLabel('Max attendees (optional)');
  await expect(field).toHaveAccessibleDescription('2 members are attending; leave empty for no limit');
  await field.fill('1');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText("2 members are already attending: max attendees can't be lower than that")).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, 'admin-event-capacity-desktop');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Garden Room · 2 / 10 attending')).toBeVisible();
});

test('rejecting an application asks first, and Cancel leaves it waiting', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize(PHONE);
  const stamp = Date.now().toString(36);
  const visitor = await playwright.request.newContext({ baseURL });
  const applied = await visitor.post('/api/join-request', {
    data: {
      firstName: 'Noor',
      lastName: `Applicant${stamp}`,
      email: `noor-${stamp}@example.com`,
      password: 'Bloom2024x',
      age: 19,
      interests: 'Books, baking and long walks',
      bio: 'I would love to meet girls who like reading as much as I do.',
      acceptGuidelines: true,
    },
  });
  expect(applied.ok()).toBe(true);
  await visitor.dispose();
  const name = `Noor Applicant${stamp}`;

  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Pending Users');
  await page.getByRole('button', { name: `Reject ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${name}'s application?` });
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, 'admin-reject-confirm-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: `Reject ${name}` }).click();
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expectToast(page, 'User Rejected', `${name}'s application was rejected`);
  await expect(page.getByRole('heading', { name })).toBeHidden();
});
