import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { inLocale } from './i18n';
import { validApplication } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The way in answers in the visitor's language: the sign-in's refusals, the application's rules
 * (checked by schemas built once, when the server starts) and its thanks are worded in the
 * language of each request, whichever language the one before it asked for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const arabic = <T>(work: () => T) => inLocale('ar-EG', work);
const ARABIC_LETTERS = /[\u0600-\u06FF]/;

describe('sign-in and application answers in the request’s language', () => {
  it('refuses a wrong sign-in in Arabic when her cookie chose it, and in English otherwise', async () => {
    const payload = { email: 'nobody@example.com', password: 'NotThePassword1' };
    const inArabic = await t.request({ method: 'POST', url: '/api/login', payload, cookie: 'locale=ar-EG' });
    expect(inArabic.statusCode).toBe(401);
    expect(inArabic.json()).toEqual({ message: arabic(() => messages.login.invalidCredentials) });
    expect(inArabic.json().message).toMatch(ARABIC_LETTERS);

    const inEnglish = await t.request({ method: 'POST', url: '/api/login', payload });
    expect(inEnglish.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('words the application’s rules and its thanks in the browser’s language', async () => {
    const headers = { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' };
    const badEmail = await t.request({ method: 'POST', url: '/api/join-request', payload: { ...validApplication(), email: 'sara@' }, headers });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: arabic(() => messages.signup.emailInvalid) });

    const weak = await t.request({ method: 'POST', url: '/api/join-request', payload: { ...validApplication(), password: 'bloom2024x' }, headers });
    expect(weak.json()).toEqual({ message: arabic(() => messages.signup.passwordUppercase) });

    // The same schema, the next request in English.
    const english = await t.request({ method: 'POST', url: '/api/join-request', payload: { ...validApplication(), email: 'sara@' } });
    expect(english.json()).toEqual({ message: 'Valid email is required' });

    const accepted = await t.request({ method: 'POST', url: '/api/join-request', payload: validApplication(), headers });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: arabic(() => messages.signup.success('Bloom Circle')) });
    expect(accepted.json().message).toMatch(ARABIC_LETTERS);
  });

  it('words a password reset’s answer in Arabic', async () => {
    const response = await t.request({ method: 'POST', url: '/api/password-reset', payload: { email: 'nobody@example.com' }, cookie: 'locale=ar-EG' });
    expect(response.json()).toMatchObject({ message: arabic(() => messages.account.resetRequested) });
  });
});
