import type { Page } from '@playwright/test';
import { expect, expectToast, openTab, seriousAxeFindings, signInAs, test, WCAG_AA } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

const PASSWORD = 'Sunflower24';
const RECEIVED = 'We received your application to Bloom Circle';
const WELCOME = 'Welcome to Bloom Circle!';
const NOT_APPROVED = 'Your application to Bloom Circle';
const KNOWN_EMAIL = 'Someone applied to Bloom Circle with your email';

type Applicant = { firstName: string; lastName: string; email: string };

/** Applies at /signup and answers the success message the page shows. */
async function apply(page: Page, applicant: Applicant): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(applicant.firstName);
  await page.getByLabel('Last name').fill(applicant.lastName);
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Age').fill('16');
  await page.getByLabel('Interests and hobbies').fill('Reading, climbing and baking');
  await page.getByLabel('Brief bio').fill('I would love to meet girls who like books and the outdoors.');
  await page.getByLabel('I agree to the community guidelines').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Application submitted!' });
  await expect(answer).toBeVisible();
  return (await answer.textContent()) ?? '';
}

test('applicants hear of their application and its decision by mail, and the Mail tab lists each mail as sent', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const nour: Applicant = { firstName: 'Nour', lastName: `Haddad ${stamp}`, email: `nour.${stamp}@example.com` };
  const dina: Applicant = { firstName: 'Dina', lastName: `Saleh ${stamp}`, email: `dina.${stamp}@example.com` };
  const nourName = `${nour.firstName} ${nour.lastName}`;
  const dinaName = `${dina.firstName} ${dina.lastName}`;
  const reason = `We only accept members who live nearby for now (${stamp}).`;

  // Two visitors apply; each is told by mail that her application arrived.
  const answer = await apply(page, nour);
  await apply(page, dina);
  // The first mail to an address nobody confirmed greets no one by name, and carries a link to confirm it.
  const received = await waitForMail(nour.email, RECEIVED);
  expect(received.text).toMatch(/^Hi,\n/);
  expect(received.text).not.toContain('Nour');
  expect((await waitForMail(dina.email, RECEIVED)).text).toMatch(/^Hi,\n/);

  // Dina opens her link; Nour doesn't. The admin sees which is which, and approving Nour asks again.
  await page.goto(linkIn(await waitForMail(dina.email, RECEIVED), '/verify-email'));
  await page.getByRole('button', { name: 'Confirm My Email' }).click();
  await expect(page.getByText('Thank you: your email is confirmed.')).toBeVisible();

  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Pending Users');
  const nourCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nourName }) });
  const dinaCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dinaName }) });
  await expect(nourCard.getByText('Email not confirmed')).toBeVisible();
  await expect(dinaCard.getByText('Email not confirmed')).toHaveCount(0);
  await page.getByRole('button', { name: `Approve ${nourName}` }).click();
  const again = page.getByRole('alertdialog', { name: `Approve ${nourName} without a confirmed email?` });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Approve anyway' }).click();
  await expectToast(page, 'User Approved', `${nourName} can now access the platform`);
  await expect(page.getByRole('heading', { name: nourName })).toBeHidden();

  await page.getByRole('button', { name: `Reject ${dinaName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${dinaName}'s application?` });
  await expect(dialog).toBeVisible();
  // Closing it decides nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: dinaName })).toBeVisible();
  await page.getByRole('button', { name: `Reject ${dinaName}` }).click();
  expect(await seriousAxeFindings(page, { include: ['[role="dialog"]'], tags: WCAG_AA })).toEqual([]);
  await dialog.getByLabel('Tell her why (optional)').fill(reason);
  await expect(dialog.getByText('It is included in the mail she receives.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'User Rejected', `${dinaName}'s application was rejected`);
  await expect(page.getByRole('heading', { name: dinaName })).toBeHidden();

  // The second applicant's mail carries the reason.
  const notApproved = await waitForMail(dina.email, NOT_APPROVED);
  expect(notApproved.text).toContain(reason);

  // The Mail tab lists every mail, each sent once the worker handed it to the mail server; no body is shown.
  await openTab(page, 'Mail');
  await expect(page.getByText('Every mail the site sends waits here until it is handed to the mail server.')).toBeVisible();
  const expected: [string, string, string][] = [
    [nour.email, RECEIVED, 'Application received'],
    [nour.email, WELCOME, 'Application approved'],
    [dina.email, RECEIVED, 'Application received'],
    [dina.email, NOT_APPROVED, 'Application not approved'],
  ];
  await expectSent(page, expected);
  await expect(page.getByText(reason)).toHaveCount(0);

  // Her welcome mail's link opens the sign-in page, where she signs in.
  await page.context().clearCookies();
  const welcome = await waitForMail(nour.email, WELCOME);
  await page.goto(linkIn(welcome, '/login'));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(nour.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login Successful', "Welcome to Bloom Circle, Nour! We're so glad you're here.");
  await expect(page).toHaveURL(/\/$/);

  // Applying again with her email answers exactly as a new application does; she is told by mail instead.
  await page.context().clearCookies();
  const reapplied = await apply(page, { firstName: 'Intruder', lastName: 'Else', email: nour.email.toUpperCase() });
  expect(reapplied).toBe(answer);
  // Her address was never confirmed: no name, neither hers nor the one typed now.
  const known = (await waitForMail(nour.email, KNOWN_EMAIL)).text ?? '';
  expect(known).toMatch(/^Hi,\n/);
  expect(known).not.toContain('Intruder');
  expect(known).not.toContain('Nour');

  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Mail');
  await expectSent(page, [[nour.email, KNOWN_EMAIL, 'Known email applied']]);
});

/** Each mail (recipient, subject, kind) has its row with the status Sent; Refresh reloads until the worker is done. */
async function expectSent(page: Page, mails: [string, string, string][]) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    for (const [to, subject, kind] of mails) {
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: subject, exact: true }) })
        .filter({ hasText: to });
      await expect(row).toHaveCount(1, { timeout: 1000 });
      await expect(row).toContainText(`Kind: ${kind}`, { timeout: 1000 });
      await expect(row.getByText('Sent', { exact: true }), `${subject} to ${to}`).toBeVisible({ timeout: 1000 });
    }
  }).toPass({ timeout: 20_000 });
}
