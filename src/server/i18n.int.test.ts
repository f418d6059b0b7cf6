import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m } from '#i18n/messages';
import { users } from '#db/schema';
import { validApplication } from './test/factories';
import { trpcRequest } from './test/procedures';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The server answers in the request's language: the `locale` cookie, else Accept-Language,
 * and for a signed-in member her saved choice. English stays word for word what it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const arabic = { locale: 'ar-EG' } as const;
const apply = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/join-request', payload, headers });

describe('sign-up refusals in the visitor’s language', () => {
  it('word every rule in Arabic for the cookie locale=ar-EG', async () => {
    const cookie = { cookie: 'locale=ar-EG' };
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '  ' }, 'الاسم الأول مطلوب'],
      [{ email: 'sara@' }, m.server_signup_email_invalid({}, arabic)],
      [{ password: 'Ab1' }, m.server_signup_password_length({}, arabic)],
      [{ age: 9 }, m.server_signup_age_range({}, arabic)],
      [{ bio: 'short' }, m.server_signup_bio_length({}, arabic)],
      [{ acceptGuidelines: false }, m.server_signup_accept_guidelines({}, arabic)],
    ];
    for (const [change, message] of cases) {
      const response = await apply({ ...validApplication(), ...change }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('word them in Arabic for Accept-Language: ar, over tRPC too, naming the field', async () => {
    const response = await trpcRequest(t.app, { path: 'auth.joinRequest', type: 'mutation', input: { ...validApplication(), email: 'sara@' }, headers: { 'accept-language': 'ar' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message: 'يُرجى إدخال بريد إلكتروني صحيح', data: { field: 'email' } });
    // A length rule past the form's: the number is written with the language's digits.
    const long = await apply({ ...validApplication(), firstName: 'س'.repeat(101) }, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(long.json()).toEqual({ message: 'يجب ألا يزيد النص عن ١٠٠ حرف' });
  });

  it('keep today’s English words exactly, for an English request and for one with no language', async () => {
    for (const headers of [{}, { cookie: 'locale=en' }, { 'accept-language': 'en-US,en;q=0.9' }] as Record<string, string>[]) {
      const cases: [Record<string, unknown>, string][] = [
        [{ firstName: '  ' }, 'First name is required'],
        [{ email: 'sara@' }, 'Valid email is required'],
        [{ password: 'Ab1' }, 'Password must be at least 8 characters'],
        [{ age: 9 }, 'Age must be between 13 and 100'],
        [{ firstName: 'S'.repeat(101) }, 'Must be at most 100 characters'],
        [{ acceptGuidelines: false }, 'Please accept the community guidelines'],
      ];
      for (const [change, message] of cases) expect((await apply({ ...validApplication(), ...change }, headers)).json()).toEqual({ message });
    }
  });

  it('fall back to English for a locale cookie it doesn’t know', async () => {
    for (const cookie of ['locale=fr', 'locale=ar', 'locale=', 'locale=%00']) {
      const response = await apply({ ...validApplication(), firstName: '' }, { cookie });
      expect(response.json()).toEqual({ message: 'First name is required' });
    }
  });

  it('word the answer of a path that doesn’t exist in the request’s language', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-thing', headers: { cookie: 'locale=ar-EG' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: m.server_http_not_found({}, arabic) });
  });
});

describe('a member’s saved language', () => {
  it('words her refusals in Arabic once she chose it, whatever her browser says', async () => {
    const member = await t.signInAs('member');
    await t.db.update(users).set({ locale: 'ar-EG' }).where(eq(users.id, member.user.id));
    const response = await t.request({ method: 'POST', url: '/api/forum/posts', cookie: member.cookie, headers: { 'accept-language': 'en' }, payload: { title: 'Hi', content: 'x', category: 'general' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'يجب أن يتكوّن العنوان من ٥ أحرف على الأقل' });
  });
});
