import { z } from 'zod';
import { messages } from '../messages';
import { emailField, requiredText, say } from './fields';
import { SIGNUP_AGE, TEXT_LIMITS } from '../limits';
import { LOCALES } from '../i18n/locale';

const m = messages.signup;

export { SIGNUP_AGE };

/** The signup password rules, in the order they are checked: length, uppercase, lowercase, number. */
export const SignupPasswordSchema = z
  .string({ error: () => m.passwordLength })
  .min(8, say(() => m.passwordLength))
  .max(200, say(() => m.passwordMax))
  .regex(/[A-Z]/, say(() => m.passwordUppercase))
  .regex(/[a-z]/, say(() => m.passwordLowercase))
  .regex(/[0-9]/, say(() => m.passwordNumber));

/**
 * Membership application. Field order is rule order: the server answers with the first issue
 * (and names its field); the form shows each field's first issue at that field.
 */
export const JoinRequestSchema = z.object({
  firstName: requiredText(() => m.firstNameRequired, TEXT_LIMITS.name),
  lastName: requiredText(() => m.lastNameRequired, TEXT_LIMITS.name),
  email: emailField(() => m.emailRequired, () => m.emailInvalid),
  password: SignupPasswordSchema,
  // Required, with no default: an applicant who skips it must not be taken for an adult.
  age: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.ageRequired : m.ageRange) })
    .int(m.ageRange)
    .min(SIGNUP_AGE.min, say(() => m.ageRange))
    .max(SIGNUP_AGE.max, say(() => m.ageRange)),
  interests: z.string({ error: () => m.interestsLength }).trim().min(10, say(() => m.interestsLength)).max(TEXT_LIMITS.interests, say(() => m.interestsMax)),
  bio: z.string({ error: () => m.bioLength }).trim().min(20, say(() => m.bioLength)).max(TEXT_LIMITS.bio, say(() => m.bioMax)),
  // Only the boolean true: a missing box, false or the string "true" is not an agreement.
  acceptGuidelines: z.literal(true, { error: () => m.acceptGuidelines }),
});
export type JoinRequestInput = z.input<typeof JoinRequestSchema>;

export const LoginSchema = z.object({
  email: z
    .string({ error: () => messages.login.emailRequired })
    .trim()
    .min(1, say(() => messages.login.emailRequired))
    .max(254, say(() => messages.login.invalidCredentials))
    .transform((value) => value.toLowerCase()),
  password: z.string({ error: () => messages.login.passwordRequired }).min(1, say(() => messages.login.passwordRequired)).max(200, say(() => messages.login.invalidCredentials)),
  saveLogin: z.boolean().default(false),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const AdminLoginSchema = z.object({
  username: emailField(() => messages.adminLogin.emailRequired, () => messages.adminLogin.emailInvalid),
  password: z.string({ error: () => messages.adminLogin.passwordRequired }).min(1, say(() => messages.adminLogin.passwordRequired)).max(200, say(() => messages.login.invalidCredentials)),
  saveLogin: z.boolean().default(false),
});
export type AdminLoginInput = z.input<typeof AdminLoginSchema>;

/** Admin password rule of the admin user and admin forms: at least 6 characters. */
export const AdminPasswordSchema = z
  .string({ error: () => messages.admin.passwordMin })
  .min(6, say(() => messages.admin.passwordMin))
  .max(200, say(() => messages.signup.passwordMax));

export const AdminAccountCliSchema = z.object({
  email: emailField(() => messages.signup.emailRequired, () => messages.signup.emailInvalid),
  password: AdminPasswordSchema,
  firstName: requiredText(() => messages.signup.firstNameRequired, 100),
  lastName: requiredText(() => messages.signup.lastNameRequired, 100),
});

/** The language switch: one of the site's languages. */
export const SetLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: () => messages.language.unknown }) });
