import { DEMO_ACCOUNTS, expect, expectToast, openTab, seriousAxeFindings, signInAs, test, WCAG_AA } from './fixtures';
import type { Page } from '@playwright/test';

// A 1x1 PNG: the server checks uploads by their bytes.
const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8FFFF3F0005FE02FEA7D605F20000000049454E44AE426082',
  'hex',
);
const APPLICANT = 'Layla Mansour'; // db/seed/admin.ts
const LISTING = 'Petal Pottery Studio'; // db/seed/content.ts

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin moderates applicants and manages content; the public pages follow', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const podcastTitle = `Finding Your Voice ${stamp}`;
  const blogTitle = `Small Habits, Big Changes ${stamp}`;
  const eventTitle = `Poetry Night ${stamp}`;

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // Pending Users (the panel opens on the Overview): approve an applicant.
  await openTab(page, 'Pending Users');
  await expect(page.getByRole('heading', { name: APPLICANT })).toBeVisible();
  await page.getByRole('button', { name: `Approve ${APPLICANT}` }).click();
  await expectToast(page, 'User Approved', `${APPLICANT} can now access the platform`);
  await expect(page.getByRole('heading', { name: APPLICANT })).toBeHidden();

  // Podcasts: a bad iframe is refused with the spec's words, then a real one is created.
  await openTab(page, 'Podcasts');
  await page.getByRole('button', { name: 'Add Podcast' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Podcast' });
  await dialog.getByLabel('Title').fill(podcastTitle);
  await dialog.getByLabel('Description').fill('How to speak up in class without your heart racing.');
  await pickOption(page, 'Category', 'School Life');
  await dialog.getByLabel('YouTube iframe embed code').fill('<iframe src="https://evil.example/embed/x"></iframe>');
  await dialog.getByRole('button', { name: 'Add Podcast' }).click();
  await expect(dialog.getByText('Please provide a valid YouTube iframe embed code')).toBeVisible();
  await dialog.getByLabel('YouTube iframe embed code').fill('<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>');
  await dialog.getByLabel('Tags (optional)').fill('voice, school');
  await dialog.getByRole('button', { name: 'Add Podcast' }).click();
  await expectToast(page, 'Podcast Created');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: podcastTitle })).toBeVisible();

  // Blogs: a published article with an uploaded cover and markdown from the helpers.
  await openTab(page, 'Blogs');
  await page.getByRole('button', { name: 'Create Blog Article' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Blog Article' });
  await expect(dialog.getByLabel('Author name')).toHaveValue(`${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`);
  await expect(dialog.getByText('No image selected')).toBeVisible();
  await expect(dialog.getByText('Recommended size: 1200x600px (2:1 ratio)')).toBeVisible();
  await dialog.getByLabel('Title').fill(blogTitle);
  await pickOption(page, 'Category', 'Self improvement');
  await dialog.getByLabel('Excerpt').fill('Tiny daily habits add up: a short guide to starting small, staying kind to yourself and noticing your progress every week.');
  const content = dialog.getByLabel('Content');
  await content.fill('Start small');
  await content.selectText();
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await expect(content).toHaveValue('**Start small**');
  // The words stay selected in the box, ready to be typed over.
  await expect(content).toBeFocused();
  expect(await content.evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd])).toEqual([2, 13]);
  await expect(dialog.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('Start small');
  await dialog.getByLabel('Choose file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  // The open dialog hides the page (toasts included) from the accessibility tree, so look for the text.
  await expect(page.locator('li').getByText('Image Uploaded', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute('src', /^\/uploads\/[a-z2-7]+$/);
  await dialog.getByLabel('Publish immediately').check();
  await dialog.getByRole('button', { name: 'Create Blog Article' }).click();
  await expectToast(page, 'Blog Created');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: blogTitle })).toBeVisible();

  // Events: create, then edit.
  await openTab(page, 'Events');
  await page.getByRole('button', { name: 'Add Event' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByLabel('Title').fill(eventTitle);
  await dialog.getByLabel('Description').fill('Read a poem you love, or just listen.');
  await dialog.getByLabel('Location').fill('Corner Books Café');
  await dialog.getByLabel('Date and time').fill('2031-03-15T18:30');
  await dialog.getByLabel('Price (optional)').fill('0');
  // An uploaded file joins the event's images.
  await dialog.getByLabel('Choose file').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('textbox', { name: /^Images/ })).toHaveValue(/^\/uploads\/[a-z2-7]+$/);
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expectToast(page, 'Event Created');
  await page.getByRole('button', { name: `Edit ${eventTitle}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Date and time')).toHaveValue('2031-03-15T18:30');
  await dialog.getByLabel('Location').fill('City Library, Room 2');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Event Updated');
  await expect(page.getByText('City Library, Room 2 · 0 attending')).toBeVisible();

  // Directory: delete a listing through its confirmation.
  await openTab(page, 'Directory');
  await page.getByRole('button', { name: `Delete ${LISTING}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this listing?' });
  await expect(confirm).toContainText('also deletes its related reviews and likes');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Directory Listing Deleted');
  await expect(page.getByRole('heading', { name: LISTING })).toBeHidden();

  // The public pages show each change.
  await page.goto('/podcasts');
  await expect(page.getByRole('heading', { name: podcastTitle })).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: blogTitle })).toBeVisible();
  // Its uploaded cover, drawn by the server and hydrated without a mismatch, comes in widths
  // and formats: the browser loads an AVIF or WebP one, not the fallback.
  const card = page.locator('div').filter({ has: page.getByRole('heading', { name: blogTitle }) }).filter({ has: page.locator('picture') }).last();
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /^\/uploads\/[a-z2-7]+\/400\.avif 400w, .*\/1600\.avif 1600w$/);
  await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /\/800\.webp 800w/);
  const cover = card.locator('picture img');
  await expect(cover).toHaveAttribute('src', /^\/uploads\/[a-z2-7]+$/);
  await cover.scrollIntoViewIfNeeded();
  // decode() waits for the chosen file and fails on a broken one (a 1 px image reads 0 wide against its 400w).
  expect(await cover.evaluate(async (img: HTMLImageElement) => (await img.decode(), img.currentSrc))).toMatch(/\/uploads\/[a-z2-7]+\/\d+\.(avif|webp)$/);
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: eventTitle })).toBeVisible();
  const eventCard = page.locator('div').filter({ has: page.getByRole('heading', { name: eventTitle }) }).filter({ has: page.locator('picture') }).last();
  await expect(eventCard.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /^\/uploads\/[a-z2-7]+\/400\.webp 400w, /);
  await expect(page.getByText('City Library, Room 2')).toBeVisible();
  await page.goto('/directory');
  await expect(page.getByRole('heading', { name: 'Directory' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: LISTING })).toHaveCount(0);

  // Admin Logout ends the session.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Admin Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a member who opens /admin is turned away', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/admin');
  await expectToast(page, 'Access Denied', 'Admin privileges required');
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  // And the server refuses her admin calls whatever the UI shows.
  const response = await page.request.get('/api/admin/users');
  expect(response.status()).toBe(403);
});

test('an admin on an unknown path sees the 404 with its developer-style hint', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/no-such-admin-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('an admin whose session ends mid-task is sent to sign in again', async ({ page, context }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Pending Users');
  // An application with a confirmed email, which approves at once (the others ask again first).
  const approve = page.getByRole('listitem').filter({ hasNot: page.getByText('Email not confirmed') }).getByRole('button', { name: /^Approve / }).first();
  await expect(approve).toBeVisible();
  await context.clearCookies();
  await approve.click();
  await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('every admin dialog has no serious accessibility findings', async ({ page }) => {
  // An axe scan of each of the panel's dialogs, one after another: more than a minute on a busy machine.
  test.setTimeout(180_000);
  await signInAs(page, 'admin');
  await page.goto('/admin');
  const dialogs: [string, string | RegExp][] = [
    ['Community Users', /^Edit /],
    ['Community Users', /^Change password for /],
    ['Community Users', /^Delete /],
    ['Admin Management', 'Add Admin'],
    ['Podcasts', 'Add Podcast'],
    ['Directory', 'Add Listing'],
    ['Events', /^Edit /],
    ['Blogs', 'Create Blog Article'],
  ];
  for (const [tab, button] of dialogs) {
    await openTab(page, tab);
    await page.getByRole('button', { name: button }).first().click();
    const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await expect(open).toBeVisible();
    expect(await seriousAxeFindings(page, { include: ['[role="dialog"], [role="alertdialog"]'], tags: WCAG_AA }), `${tab} ${String(button)}`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
  }
});
