import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { APIRequest, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectFitsPhoneAndLaptop, expectNoSeriousAxeFindings, expectToast, giveRoleOnScreen, newMember, reportedForumPost, siteUrl, test, useArabic, type Member } from './fixtures';

/** The code an authenticator app shows `offset` 30-second steps from now, from the key the page showed. */
function appCode(secret: string, offset = 0) {
  return generateHOTP(decodeBase32IgnorePadding(secret.replace(/\s/g, '')), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
}

/** Makes a new member staff through the demo admin's API (the first journey does it on screen). */
async function makeStaff(request: APIRequest, member: Member, role: 'moderator' | 'admin') {
  const admin = await request.newContext({ baseURL: siteUrl() });
  expect((await admin.post('/api/admin/login', { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  const [user] = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`)).json()) as { id: number }[];
  const update = { email: member.email, firstName: member.firstName, lastName: member.lastName, isApproved: true, role };
  const changed = await admin.patch(`/api/admin/users/${user!.id}`, { data: update });
  expect(changed.ok(), await changed.text()).toBe(true);
  await admin.dispose();
}

async function passwordStep(page: Page, path: '/login' | '/admin/login', member: Member) {
  await page.goto(path);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
}

test('an admin makes a member a moderator, who turns on an authenticator app, signs in at the admin sign-in with a code and works a report', async ({ page, playwright }) => {
  test.setTimeout(150_000);
  const salma = await newMember(playwright.request, 'Salma');
  const title = `Cheap followers here ${Date.now().toString(36)}`;
  await reportedForumPost(playwright.request, title);

  // The admin makes her a moderator.
  await giveRoleOnScreen(page, salma, 'Moderator');

  // Her first sign-in: the panel asks her to protect it.
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(salma.email);
  await page.getByLabel('Password', { exact: true }).fill(salma.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  const prompt = page.getByRole('complementary', { name: 'Protect the panel with two-factor sign-in' });
  await expect(prompt).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'admin-prompt-en');
  await prompt.getByRole('link', { name: 'Set it up' }).click();
  await page.waitForURL('**/settings/profile#two-factor');

  // She scans the QR code (here: reads the key) and confirms with the app's code.
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code that adds your account to an authenticator app' })).toBeVisible();
  const secret = (await section.locator('code').textContent())!;
  await expectFitsPhoneAndLaptop(page, 'settings-app-setup-en', section);
  const codeBox = section.getByLabel('6-digit code');
  await expect(codeBox).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeBox).toHaveAttribute('inputmode', 'numeric');
  await codeBox.fill(appCode(secret, -1));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(codes.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'bloom-circle-recovery-codes.txt');
  await expectFitsPhoneAndLaptop(page, 'settings-recovery-codes-en', section);
  await expectNoSeriousAxeFindings(page, 'Profile Settings with new recovery codes');
  await codes.getByRole('button', { name: 'I’ve saved them' }).click();
  await expect(codes).toHaveCount(0);
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'settings-two-factor-on-en', section);

  // Signed out, she signs in with her password and the app's code.
  await page.context().clearCookies();
  await passwordStep(page, '/admin/login', salma);
  await expectFitsPhoneAndLaptop(page, 'admin-second-step-en');
  await expectNoSeriousAxeFindings(page, 'the admin sign-in’s second step');
  await page.getByLabel('6-digit code').fill(appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('complementary', { name: 'Protect the panel with two-factor sign-in' })).toHaveCount(0);

  // She works the report.
  const group = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title });
  await group.getByRole('button', { name: `Delete: “${title}”` }).click();
  await page.getByRole('alertdialog', { name: 'Delete this forum post?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Report Resolved', 'The item is deleted.');

  // The same screens in Arabic, chosen with the site's switch (her saved language wins over a cookie).
  await page.goto('/settings/profile#two-factor');
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  const arabicSection = page.getByRole('region', { name: 'تسجيل الدخول بخطوتين' });
  await expect(arabicSection).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'settings-two-factor-on-ar', arabicSection);
  await page.context().clearCookies({ name: 'session' });
  await page.goto('/admin/login');
  await page.getByLabel('البريد الإلكتروني').fill(salma.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(salma.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('heading', { name: 'أكّدي أنكِ أنتِ' })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'admin-second-step-ar');
});

test('an admin adds a passkey and signs in with it', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const dalia = await newMember(playwright.request, 'Dalia');
  await makeStaff(playwright.request, dalia, 'admin');
  // Chromium's virtual authenticator stands for her phone's fingerprint reader.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  expect((await page.request.post('/api/admin/login', { data: { username: dalia.email, password: dalia.password } })).ok()).toBe(true);
  await page.goto('/settings/profile#two-factor');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Name for the new passkey (optional)').fill('My laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added.');
  await expect(page.getByRole('region', { name: 'Save your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I’ve saved them' }).click();
  await expect(section.getByText('My laptop')).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'settings-passkey-en', section);
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  const arabicSection = page.getByRole('region', { name: 'تسجيل الدخول بخطوتين' });
  await expect(arabicSection.getByText('My laptop')).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'settings-passkey-ar', arabicSection);
  await page.context().clearCookies();
  await useArabic(page);

  await passwordStepArabic(page, '/admin/login', dalia);
  await expectFitsPhoneAndLaptop(page, 'admin-second-step-passkey-ar');
  await page.getByRole('button', { name: 'استخدام مفتاح مرور' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('tablist')).toBeVisible();
});

test('a recovery code works once, and five wrong codes lock the second step', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const rania = await newMember(playwright.request, 'Rania');
  // Her app and codes were set up earlier (the first journey does it on screen).
  const own = await playwright.request.newContext({ baseURL: siteUrl() });
  expect((await own.post('/api/login', { data: { email: rania.email, password: rania.password } })).ok()).toBe(true);
  const { secret } = (await (await own.post('/api/account/mfa/totp', { data: {} })).json()) as { secret: string };
  const { recoveryCodes } = (await (await own.post('/api/account/mfa/totp', { data: { code: appCode(secret) } })).json()) as { recoveryCodes: string[] };
  await own.dispose();

  await passwordStep(page, '/login', rania);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.context().clearCookies();

  // The same code again is refused.
  await passwordStep(page, '/login', rania);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const box = page.getByLabel('Recovery code');
  await box.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'That code isn’t right' });
  await expect(refusal).toBeVisible();
  await expect(box).toBeFocused();
  await expectFitsPhoneAndLaptop(page, 'login-code-wrong-en');

  // Four more wrong codes: the step locks, and even her right code waits.
  for (let i = 0; i < 4; i++) {
    await box.fill(`wrong-code${i}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'locked for 15 minutes' })).toBeVisible();
  await page.getByRole('button', { name: 'Use the code from my app instead' }).click();
  await page.getByLabel('6-digit code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'locked for 15 minutes' })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'login-locked-en');
  await useArabic(page);
  await passwordStepArabic(page, '/login', rania);
  await page.getByLabel('الرمز المكوّن من 6 أرقام').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'تحقّق' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'أُغلقت هذه الخطوة' })).toBeVisible();
  await expectFitsPhoneAndLaptop(page, 'login-locked-ar');
});

async function passwordStepArabic(page: Page, path: '/login' | '/admin/login', member: Member) {
  await page.goto(path);
  await page.getByLabel('البريد الإلكتروني').fill(member.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('heading', { name: 'أكّدي أنكِ أنتِ' })).toBeVisible();
}
