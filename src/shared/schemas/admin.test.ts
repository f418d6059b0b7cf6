import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { AdminChangePasswordFormSchema, AdminEditFormSchema, embedUrlFromIframe, UserFormSchema } from './admin';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('Change Password form', () => {
  it("says 'Passwords don't match' for a mismatch or a blank field, before any length rule", () => {
    expect(firstError(AdminChangePasswordFormSchema.safeParse({ password: 'abc', confirmPassword: 'abd' }))).toBe(messages.admin.passwordsDontMatch);
    expect(firstError(AdminChangePasswordFormSchema.safeParse({ password: '', confirmPassword: '' }))).toBe(messages.admin.passwordsDontMatch);
  });
  it('then applies the password rule, and passes matching strong passwords', () => {
    expect(firstError(AdminChangePasswordFormSchema.safeParse({ password: 'abc', confirmPassword: 'abc' }))).toBe(messages.admin.passwordMin);
    expect(AdminChangePasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(true);
  });
});

describe('account forms', () => {
  it('Edit User defaults isApproved to true and isAdmin to false', () => {
    const parsed = UserFormSchema.parse({ email: 'A@B.co', firstName: 'A', lastName: 'B', age: '' });
    expect(parsed).toMatchObject({ email: 'a@b.co', isApproved: true, isAdmin: false, age: undefined, interests: null });
  });
  it('Edit Admin takes a blank password as "keep the current one"', () => {
    expect(AdminEditFormSchema.parse({ email: 'a@b.co', firstName: 'A', lastName: 'B', password: '' }).password).toBeUndefined();
  });
});

describe('embedUrlFromIframe', () => {
  it.each([
    ['<iframe src="https://www.youtube.com/embed/xyz"></iframe>', 'https://www.youtube.com/embed/xyz'],
    ["<IFRAME width=1 SRC='https://www.youtube-nocookie.com/embed/a_b-c'></IFRAME>", 'https://www.youtube-nocookie.com/embed/a_b-c'],
    ['https://player.vimeo.com/video/42', 'https://player.vimeo.com/video/42'],
    ['<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>', null],
    ['<div><iframe src="https://www.youtube.com/embed/x"></iframe></div>', null],
    ['<iframe data-src="x" src="javascript:alert(1)"></iframe>', null],
  ])('%s -> %s', (markup, expected) => {
    expect(embedUrlFromIframe(markup)).toBe(expected);
  });
});
