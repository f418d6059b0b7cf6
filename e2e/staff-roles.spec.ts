import { DEMO_ACCOUNTS, expect, expectFitsPhoneAndLaptop, expectToast, giveRoleOnScreen, newMember, reportedForumPost, test } from './fixtures';

/** The tabs a moderator's panel shows, in order: the moderation part of the panel. */
const MODERATOR_TABS = ['Reports', 'Review Queue', 'Watched Words', 'Members', 'Audit Log'];

/** Letters only, unique per run. */
const stamp = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);

test('an admin makes a member a moderator, who signs in at the admin sign-in, works a report and is refused an admin-only tab', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const noura = await newMember(playwright.request, 'Noura');
  const title = `Buy cheap followers now ${stamp()}`;

  // A member's post, reported by another member.
  await reportedForumPost(playwright.request, title);

  // The admin makes her a moderator in the Community Users tab.
  await giveRoleOnScreen(page, noura, 'Moderator', () => expectFitsPhoneAndLaptop(page, 'edit-user-role-en'));
  const row = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: noura.email });
  await expect(row.getByText('Moderator', { exact: true })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'community-users-moderator-en');

  // She signs in at /admin/login like an admin.
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(noura.email);
  await page.getByLabel('Password', { exact: true }).fill(noura.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Her panel shows her tabs only, and opens on the first.
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveCount(MODERATOR_TABS.length);
  for (const [index, tab] of MODERATOR_TABS.entries()) await expect(tabs.nth(index)).toHaveText(new RegExp(`^${tab}`));
  await expect(page.getByRole('tab', { name: /^Reports/, selected: true })).toBeVisible();

  // She works the report: the author is named as members see her, without email.
  const group = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title });
  const author = `${DEMO_ACCOUNTS.member.firstName} ${DEMO_ACCOUNTS.member.lastName[0]}.`;
  await expect(group.getByText(author, { exact: true })).toBeVisible();
  await expect(group).not.toContainText(DEMO_ACCOUNTS.member.lastName);
  await expect(group).not.toContainText(DEMO_ACCOUNTS.member.email);
  await expectFitsPhoneAndLaptop(page, 'moderator-reports-en');
  await group.getByRole('button', { name: `Delete: “${title}”` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this forum post?' });
  const note = `Selling followers is spam ${stamp()}`;
  await confirm.getByLabel('Note (optional)').fill(note);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Report Resolved', 'The item is deleted.');
  const resolved = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: note });
  await expect(resolved.getByText('Resolved', { exact: true })).toBeVisible();

  // Members appear as everyone sees them; she may suspend for up to 30 days.
  await page.getByRole('tab', { name: /^Members/ }).click();
  const members = page.getByRole('tabpanel').getByRole('listitem');
  await expect(members.first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members by first name' }).fill(DEMO_ACCOUNTS.member.firstName);
  // As she would, she waits for the list to show what she searched for (the others gone): a
  // click while the rows still change may land on one as it is drawn again.
  await expect(members.filter({ hasNotText: DEMO_ACCOUNTS.member.firstName })).toHaveCount(0);
  const member = members.filter({ hasText: author });
  await expect(member).toContainText('Joined');
  await expect(member).not.toContainText(DEMO_ACCOUNTS.member.email);
  await member.getByRole('button', { name: `Suspend ${author}` }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend Member' });
  await suspend.getByLabel('Days').fill('31');
  await suspend.getByLabel('Reason').fill('Selling followers');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend.getByText('Moderators may suspend for at most 30 days')).toBeVisible();
  await expect(suspend.getByLabel('Days')).toHaveAttribute('aria-invalid', 'true');
  await suspend.getByLabel('Days').fill('2');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(page, 'Member Suspended');
  await expectFitsPhoneAndLaptop(page, 'moderator-members-en');
  await member.getByRole('button', { name: `Lift the suspension of ${author}` }).click();
  await expectToast(page, 'Suspension Lifted');

  // The audit log names her, with her role.
  await page.getByRole('tab', { name: /^Audit Log/ }).click();
  const entry = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title }).first();
  await expect(entry).toContainText(`by ${noura.firstName} K.`);
  await expect(entry).toContainText('Moderator');
  await expectFitsPhoneAndLaptop(page, 'moderator-audit-en');

  // An admin-only tab, opened by its address, is refused; so is its call.
  await page.goto('/admin?tab=mail');
  await expect(page.getByRole('alert').filter({ hasText: 'Admin privileges required' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Mail/ })).toHaveCount(0);
  const mail = await page.request.get('/api/admin/mail');
  expect(mail.status()).toBe(403);
  expect(await mail.json()).toEqual({ message: 'Admin privileges required' });
  await expectFitsPhoneAndLaptop(page, 'moderator-refused-en');

  // The same screens in Arabic, chosen with the panel's switch (her saved language wins over a cookie).
  await page.goto('/admin');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveCount(MODERATOR_TABS.length);
  await expectFitsPhoneAndLaptop(page, 'moderator-reports-ar');
  await page.goto('/admin?tab=members');
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'moderator-members-ar');
  await page.goto('/admin?tab=audit');
  await expect(page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title }).first()).toContainText('مراقِبة');
  await expectFitsPhoneAndLaptop(page, 'moderator-audit-ar');
  await page.goto('/admin?tab=mail');
  await expect(page.getByRole('alert').filter({ hasText: 'يتطلّب هذا صلاحيات الإدارة' })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'moderator-refused-ar');

  // The admin's Edit User dialog in Arabic, with the role select.
  await page.context().clearCookies();
  expect((await page.request.post('/api/admin/login', { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  await page.goto('/admin?tab=users');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await page.getByRole('searchbox').fill(noura.email);
  await page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: noura.email }).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('combobox')).toHaveText('مراقِبة');
  await expectFitsPhoneAndLaptop(page, 'edit-user-role-ar');
  // The demo admin's saved language goes back to English for the journeys after this one.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

});
