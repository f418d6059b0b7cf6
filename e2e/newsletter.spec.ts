import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, signInAs, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

const CONFIRM_SUBJECT = 'Confirm your Bloom Circle newsletter';

async function openNewsletterTab(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Newsletter', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Newsletter', exact: true, selected: true })).toBeVisible();
}

/** The issue's card in the admin list, by its subject. */
const issueCard = (page: Page, subject: string): Locator => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject, exact: true }) });

test('a visitor confirms her subscription by mail, receives the issue the admin tests and sends, and unsubscribes from its footer', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `leila.${stamp}@example.com`;
  const subject = `Spring notes from the circle ${stamp}`;

  // She subscribes: nothing counts until she opens the mailed link.
  await page.goto('/community/newsletter');
  // An address that can't be one is refused at its field before anything is sent.
  await page.getByLabel('Email address').fill('leila@');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('How often?').click();
  await page.getByRole('option', { name: 'Bi-weekly' }).click();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`Almost there! We sent a link to ${email}. Your subscription starts once you open it.`)).toBeVisible();

  // The link opens a page that confirms only when she presses the button (mail scanners open links too).
  const confirmLink = linkIn(await waitForMail(email, CONFIRM_SUBJECT), '/newsletter/confirm');
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Confirm your subscription', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed. Welcome!' })).toBeVisible();
  // Opened again, the link says what is true, calmly: no alarm.
  await page.goto(confirmLink);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status').filter({ hasText: "You're already subscribed. Nothing more to do." })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The admin writes an issue for her frequency; the form checks the same rules as the server.
  await signInAs(page, 'admin');
  await openNewsletterTab(page);
  await page.getByRole('button', { name: 'Write an issue' }).click();
  const form = page.getByRole('dialog', { name: 'Write an issue' });
  await form.getByRole('button', { name: 'Save issue' }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Please write the issue')).toBeVisible();
  await expect(form.getByText('Please choose weekly, biweekly or monthly')).toBeVisible();
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Content').fill('## Hello, circle\n\nThis fortnight: **journaling prompts** and a new podcast.');
  await expect(form.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Hello, circle' })).toBeVisible();
  await form.getByLabel('Send to').click();
  // Each frequency names how many confirmed subscribers it reaches; she is one of the bi-weekly ones.
  const option = page.getByRole('option', { name: /^Bi-weekly · \d+ subscribers?$/ });
  const reach = Number(/· (\d+)/.exec((await option.textContent()) ?? '')?.[1]);
  expect(reach).toBeGreaterThanOrEqual(1);
  await option.click();
  await form.getByRole('button', { name: 'Save issue' }).click();
  await expectToast(page, 'Issue saved');
  await expect(form).toBeHidden();
  const card = issueCard(page, subject);
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  // A test to the admin herself first.
  await card.getByRole('button', { name: `Send test to me (${subject})` }).click();
  await expectToast(page, 'Test sent', `A test was sent to ${DEMO_ACCOUNTS.admin.email}`);
  expect((await waitForMail(DEMO_ACCOUNTS.admin.email, `[Test] ${subject}`)).text).toContain('journaling prompts');

  // Then to everyone, once: the confirmation names how many it reaches.
  await card.getByRole('button', { name: `Send ${subject}`, exact: true }).click();
  const confirmSend = page.getByRole('alertdialog', { name: `Send “${subject}”?` });
  await expect(confirmSend).toContainText(`the ${reach} confirmed bi-weekly subscriber`);
  await confirmSend.getByRole('button', { name: reach === 1 ? 'Send to 1 subscriber' : `Send to ${reach} subscribers` }).click();
  await expectToast(page, 'Issue sent', `The issue is on its way to ${reach} subscriber${reach === 1 ? '' : 's'}`);
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Send ${subject}`, exact: true })).toHaveCount(0);

  // The issue arrives; its footer's link unsubscribes her, signed out, on a button press.
  const issue = await waitForMail(email, subject);
  expect(issue.text).toContain('journaling prompts');
  const unsubscribeLink = linkIn(issue, '/newsletter/unsubscribe');
  await page.context().clearCookies();
  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed. We are sorry to see you go.' })).toBeVisible();
  await page.goto(unsubscribeLink);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: "You're already unsubscribed: no more issues go to this address." })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The sent issue is in the public archive: 'Recent Newsletters' opens it, drawn by the server.
  await page.goto('/community/newsletter');
  const recent = page.getByRole('region', { name: 'Recent Newsletters' });
  await recent.getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(/\/community\/newsletter\/\d+$/);
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hello, circle' })).toBeVisible();
  await expect(page).toHaveTitle(`${subject} · Bloom Circle`);
  await expect(page.getByRole('heading', { name: 'Hello, circle', level: 2 })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'journaling prompts' })).toBeVisible();
  // The server's page already shows it formatted, before any script has run.
  const served = await (await page.request.get(page.url())).text();
  expect(served).toContain(subject);
  expect(served).toContain('<h2>Hello, circle</h2>');

  // The admin's list counts every mail of the issue as sent.
  await signInAs(page, 'admin');
  await openNewsletterTab(page);
  const sentCard = issueCard(page, subject);
  const delivery = sentCard.getByRole('list', { name: 'Delivery' });
  await expect(delivery.getByText(`${reach} sent`, { exact: true })).toBeVisible();
  await expect(delivery.getByText('0 queued', { exact: true })).toBeVisible();
  await expect(delivery.getByText('0 failed', { exact: true })).toBeVisible();
});
