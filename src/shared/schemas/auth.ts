import { z } from 'zod';
import { messages } from '../messages';
import { emailField, requiredText, said } from './fields';
import { SIGNUP_AGE } from '../limits';
import { LOCALES } from '../i18n/locale';

// Every rule's message is a function (`said(() => ...)`), worded when the rule fails: in the
// language of the request the server answers, or of the page the form is on.
const m = messages.signup;

export { SIGNUP_AGE };

/** The signup password rules, in the order they are checked: length, uppercase, lowercase, number. */
export const SignupPasswordSchema = z
  .string(said(() => m.passwordLength))
  .min(8, said(() => m.passwordLength))
  .max(200, said(() => m.passwordMax))
  .regex(/[A-Z]/, said(() => m.passwordUppercase))
  .regex(/[a-z]/, said(() => m.passwordLowercase))
  .regex(/[0-9]/, said(() => m.passwordNumber));

/**
 * Membership application. Field order is rule order: the server answers with the first issue
 * (and names its field); the form shows each field's first issue at that field.
 */
export const JoinRequestSchema = z.object({
  firstName: requiredText(() => m.firstNameRequired, 100),
  lastName: requiredText(() => m.lastNameRequired, 100),
  email: emailField(() => m.emailRequired, () => m.emailInvalid),
  password: SignupPasswordSchema,
  // Required, with no default: an applicant who skips it must not be taken for an adult.
  age: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.ageRequired : m.ageRange) })
    .int(said(() => m.ageRange))
    .min(SIGNUP_AGE.min, said(() => m.ageRange))
    .max(SIGNUP_AGE.max, said(() => m.ageRange)),
  interests: z.string(said(() => m.interestsLength)).trim().min(10, said(() => m.interestsLength)).max(1000, said(() => m.interestsMax)),
  bio: z.string(said(() => m.bioLength)).trim().min(20, said(() => m.bioLength)).max(2000, said(() => m.bioMax)),
  // Only the boolean true: a missing box, false or the string "true" is not an agreement.
  acceptGuidelines: z.literal(true, said(() => m.acceptGuidelines)),
});
export type JoinRequestInput = z.input<typeof JoinRequestSchema>;

const login = messages.login;
export const LoginSchema = z.object({
  email: z
    .string(said(() => login.emailRequired))
    .trim()
    .min(1, said(() => login.emailRequired))
    .max(254, said(() => login.invalidCredentials))
    .transform((value) => value.toLowerCase()),
  password: z
    .string(said(() => login.passwordRequired))
    .min(1, said(() => login.passwordRequired))
    .max(200, said(() => login.invalidCredentials)),
  saveLogin: z.boolean().default(false),
});
export type LoginInput = z.input<typeof LoginSchema>;

const adminLogin = messages.adminLogin;
export const AdminLoginSchema = z.object({
  username: emailField(() => adminLogin.emailRequired, () => adminLogin.emailInvalid),
  password: z
    .string(said(() => adminLogin.passwordRequired))
    .min(1, said(() => adminLogin.passwordRequired))
    .max(200, said(() => login.invalidCredentials)),
  saveLogin: z.boolean().default(false),
});
export type AdminLoginInput = z.input<typeof AdminLoginSchema>;

/** Admin password rule of the admin user and admin forms: at least 6 characters. */
export const AdminPasswordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const AdminAccountCliSchema = z.object({
  email: emailField(() => m.emailRequired, () => m.emailInvalid),
  password: AdminPasswordSchema,
  firstName: requiredText(() => m.firstNameRequired, 100),
  lastName: requiredText(() => m.lastNameRequired, 100),
});

/** The language switch: one of the site's languages. */
export const SetLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: () => messages.language.unknown }) });
