import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, signInAs, test, openTab } from './fixtures';

const BLOCKED = 'This contains language that is not allowed in our community';
const ADMIN_NAME = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`;

/** Signs the browser out and in again as someone else. */
async function switchTo(page: Page, role: keyof typeof DEMO_ACCOUNTS) {
  await page.context().clearCookies();
  await signInAs(page, role);
}

test('an admin blocks a word, a member is refused with it, the admin removes it, and the audit log tells the story', async ({ page }) => {
  // Letters only, unique per run.
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
  const word = `gloomword${stamp}`;

  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Watched Words');
  await expect(page.getByText('Block: a text containing the word is refused.', { exact: false })).toBeVisible();

  // The shared schema's rule shows at the field, and nothing is sent.
  const form = page.getByRole('form', { name: 'Add a watched word' });
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Word is required')).toBeVisible();
  await expect(form.getByLabel('Word or phrase')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Word or phrase').fill(word);
  await expect(form.getByLabel('When a text contains it')).toHaveText('Block');
  await form.getByRole('button', { name: 'Add' }).click();
  await expectToast(page, 'Word Added');
  await expect(form.getByLabel('Word or phrase')).toHaveValue('');

  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: word, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Block', { exact: true })).toBeVisible();
  // Watched words are no waiting work: the tab has no count badge.
  await expect(page.getByRole('tab', { name: 'Watched Words' })).toHaveAccessibleName('Watched Words');

  // The same word in other letters is one entry: said at the field.
  await form.getByLabel('Word or phrase').fill(word.toUpperCase());
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('This word is already watched')).toBeVisible();
  await form.getByLabel('Word or phrase').fill('');

  const words = (await (await page.request.get('/api/admin/watched-words')).json()) as { id: number; word: string }[];
  const id = words.find((entry) => entry.word === word)!.id;

  // A member's post holding the word is refused, and not published.
  await switchTo(page, 'member');
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  const title = `A question about study groups ${stamp}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content', { exact: true }).fill(`Does anyone else think the new timetable is ${word}? Asking for a friend.`);
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectToast(page, 'Error', BLOCKED);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // The admin removes the word, after confirming.
  await switchTo(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Watched Words');
  await page.getByRole('button', { name: `Remove ${word}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this word?' });
  await expect(confirm).toContainText(`Texts containing “${word}” will no longer be refused`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Word Removed');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: word, exact: true })).toHaveCount(0);

  // The audit log shows both changes, newest first, and can be narrowed.
  await openTab(page, 'Audit Log');
  const entries = page.getByRole('tabpanel').getByRole('listitem');
  const added = entries.filter({ has: page.getByText(`Added watched word '${word}' (refused)`, { exact: true }) });
  const removed = entries.filter({ has: page.getByRole('heading', { name: 'Watched words · delete' }) }).filter({ has: page.getByText(`Removed watched word '${word}'`, { exact: true }) });
  await expect(added.getByRole('heading', { name: 'Watched words · create' })).toHaveAttribute('title', 'admin.watchedWords.create');
  await expect(added.getByText(`by ${ADMIN_NAME}`)).toBeVisible();
  await expect(added.getByText(`#${id}`, { exact: true })).toBeVisible();
  await expect(removed.getByText(`#${id}`, { exact: true })).toBeVisible();
  await expect(removed).toBeVisible();
  await expect(entries.first()).toContainText(`Removed watched word '${word}'`);
  // No way to change the log from here.
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /delete|remove|edit/i })).toHaveCount(0);

  const before = await entries.count();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Watched words · create' });
  await expect(removed).toHaveCount(0);
  await expect(added).toBeVisible();
  await expect.poll(async () => new Set(await entries.getByRole('heading').allTextContents())).toEqual(new Set(['Watched words · create']));
  expect(await entries.count()).toBeLessThan(before);

  await page.getByLabel('Admin', { exact: true }).selectOption({ label: ADMIN_NAME });
  await expect(added).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'All actions' });
  await expect(removed).toBeVisible();
});

test('a blocked Arabic word is refused however it is written: with diacritics, tatweel and another alef', async ({ page }) => {
  // A word of Arabic letters, unique per run (the list keeps each word once).
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمنهو';
  const stamp = Date.now().toString(36);
  const word = `أ${[...stamp].map((char) => letters[parseInt(char, 36) % letters.length]).join('')}`;
  await signInAs(page, 'admin');
  const added = await page.request.post('/api/admin/watched-words', { data: { word, action: 'block' } });
  expect(added.status()).toBe(201);

  // The member writes it with fatha and shadda on every letter, a tatweel and a bare alef.
  const [, ...rest] = [...word];
  const disguised = `ا${rest.map((letter) => `${letter}\u064e\u0651`).join('ـ')}`;
  await switchTo(page, 'member');
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  const title = `سؤال عن المذاكرة ${stamp}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content', { exact: true }).fill(`هل تظنون أن الجدول الجديد ${disguised} حقاً؟ أسأل لصديقتي.`);
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectToast(page, 'Error', BLOCKED);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // Text that merely shares letters with no word of the list goes through.
  await page.getByLabel('Content', { exact: true }).fill('هل تظنون أن الجدول الجديد مناسب؟ أسأل لصديقتي.');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await switchTo(page, 'admin');
  const words = (await (await page.request.get('/api/admin/watched-words')).json()) as { id: number; word: string }[];
  const id = words.find((entry) => entry.word === word)!.id;
  expect((await page.request.delete(`/api/admin/watched-words/${id}`)).status()).toBe(200);
});

test('an admin suspends a member: she reads with a banner, her writes are refused, and lifting it lets her write again', async ({ page }) => {
  const member = DEMO_ACCOUNTS.member;
  const name = `${member.firstName} ${member.lastName}`;
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Community Users');
  await page.getByRole('button', { name: `Suspend ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Member' });
  await dialog.getByLabel('Days').fill('0');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Days must be a whole number from 1 to 365')).toBeVisible();
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByLabel('Reason').fill('Unkind replies in the forum');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(page, 'Member Suspended');
  await expect(page.getByText(/^Suspended until /).first()).toBeVisible();

  await switchTo(page, 'member');
  await page.goto('/podcasts');
  const banner = page.getByRole('status').filter({ hasText: 'Your account is suspended until' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Reason: Unkind replies in the forum');
  await page.getByRole('button', { name: /^(Like|Unlike) / }).first().click();
  // The refusal, with the end date, comes as a toast (the banner says it too, in its own words).
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/^Your account is suspended until \w{3} \d{1,2}, \d{4}$/)).toBeVisible();

  await switchTo(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Community Users');
  await page.getByRole('button', { name: `Lift the suspension of ${name}` }).click();
  await expectToast(page, 'Suspension Lifted');

  await switchTo(page, 'member');
  await page.goto('/podcasts');
  await expect(page.getByRole('heading', { name: 'Podcasts & Interviews' })).toBeVisible();
  await expect(page.getByText('Your account is suspended until')).toHaveCount(0);
});
