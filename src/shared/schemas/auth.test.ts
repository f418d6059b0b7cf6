import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { AdminLoginSchema, JoinRequestSchema, LoginSchema } from './auth';

const valid = {
  firstName: 'Sara',
  lastName: 'Nour',
  email: 'Sara@Example.com',
  password: 'Bloom2024x',
  age: 16,
  interests: 'Poetry and football',
  bio: 'A student looking for a kind community.',
  acceptGuidelines: true,
};
const firstError = (input: unknown) => {
  const result = JoinRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('JoinRequestSchema', () => {
  it('accepts a valid application, trims text and lower-cases the email', () => {
    const parsed = JoinRequestSchema.parse({ ...valid, firstName: '  Sara ', interests: ' Poetry and football ' });
    expect(parsed).toMatchObject({ firstName: 'Sara', email: 'sara@example.com', interests: 'Poetry and football' });
  });

  it('requires the age, with no default', () => {
    const { age: _age, ...rest } = valid;
    expect(firstError(rest)).toBe(messages.signup.ageRequired);
    expect(firstError({ ...valid, age: null })).toBe(messages.signup.ageRequired);
    expect(firstError({ ...valid, age: Number.NaN })).toBe(messages.signup.ageRange);
  });

  it('reports the first failing rule in SPEC order when everything is wrong', () => {
    expect(firstError({})).toBe(messages.signup.firstNameRequired);
    expect(firstError({ ...valid, firstName: 'A', lastName: '', email: 'bad', password: 'x', age: 3, interests: '', bio: '' })).toBe(messages.signup.lastNameRequired);
    expect(firstError({ ...valid, email: 'bad', password: 'x', age: 3 })).toBe(messages.signup.emailInvalid);
    expect(firstError({ ...valid, password: 'short', age: 3 })).toBe(messages.signup.passwordLength);
  });

  it.each([
    ['bloom2024x', messages.signup.passwordUppercase],
    ['BLOOM2024X', messages.signup.passwordLowercase],
    ['BloomBloom', messages.signup.passwordNumber],
  ])('checks password %s', (password, message) => {
    expect(firstError({ ...valid, password })).toBe(message);
  });

  it.each([12, 101, 15.5, Number.NaN])('refuses age %s', (age) => {
    expect(firstError({ ...valid, age })).toBe(messages.signup.ageRange);
  });

  it('accepts the age bounds 13 and 100', () => {
    expect(firstError({ ...valid, age: 13 })).toBeUndefined();
    expect(firstError({ ...valid, age: 100 })).toBeUndefined();
  });

  it.each([undefined, false, 'true', 1, null])('refuses the guidelines box as %s, and checks it last', (acceptGuidelines) => {
    expect(firstError({ ...valid, acceptGuidelines })).toBe(messages.signup.acceptGuidelines);
    expect(firstError({ ...valid, bio: 'short', acceptGuidelines })).toBe(messages.signup.bioLength);
  });

  it('counts interests and bio after trimming', () => {
    expect(firstError({ ...valid, interests: '   123456789   ' })).toBe(messages.signup.interestsLength);
    expect(firstError({ ...valid, interests: '1234567890' })).toBeUndefined();
    expect(firstError({ ...valid, bio: `  ${'x'.repeat(19)}  ` })).toBe(messages.signup.bioLength);
  });
});

describe('LoginSchema and AdminLoginSchema', () => {
  it('requires email and password and defaults saveLogin to false', () => {
    expect(LoginSchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x', saveLogin: false });
    expect(LoginSchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe(messages.login.emailRequired);
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: '' }).error?.issues[0]?.message).toBe(messages.login.passwordRequired);
  });

  it('gives the admin form its own email messages', () => {
    expect(AdminLoginSchema.safeParse({ username: '', password: 'x' }).error?.issues[0]?.message).toBe(messages.adminLogin.emailRequired);
    expect(AdminLoginSchema.safeParse({ username: 'nope', password: 'x' }).error?.issues[0]?.message).toBe(messages.adminLogin.emailInvalid);
  });
});
