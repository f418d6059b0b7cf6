import { z } from 'zod';
import { messages } from '../messages';
import { NEWSLETTER_FREQUENCIES } from '../categories';
import { emailField, requiredText, said, type RuleText } from './fields';
import { SignupPasswordSchema } from './auth';

const a = messages.account;
const s = messages.signup;

/** A single-use token from a mailed link: text of a sane length, or it is simply invalid. */
const tokenField = (invalid: RuleText) => z.string(said(invalid)).trim().min(10, said(invalid)).max(200, said(invalid));
const currentPassword = z
  .string(said(() => a.currentPasswordRequired))
  .min(1, said(() => a.currentPasswordRequired))
  .max(200, said(() => a.currentPasswordWrong));

export const PasswordResetRequestSchema = z.object({ email: emailField(() => s.emailRequired, () => s.emailInvalid) });
export const PasswordResetConfirmSchema = z.object({ token: tokenField(() => a.resetInvalid), password: SignupPasswordSchema });
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmSchema>;

/** Profile Settings: what she may change about herself (her email has its own, confirmed, change). */
export const ProfileUpdateSchema = z.object({
  firstName: requiredText(() => s.firstNameRequired, 100),
  lastName: requiredText(() => s.lastNameRequired, 100),
  bio: z.string(said(() => s.bioLength)).trim().min(20, said(() => s.bioLength)).max(2000, said(() => s.bioMax)),
  interests: z.string(said(() => s.interestsLength)).trim().min(10, said(() => s.interestsLength)).max(1000, said(() => s.interestsMax)),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const PasswordChangeSchema = z.object({ currentPassword, newPassword: SignupPasswordSchema });
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;

export const EmailChangeSchema = z.object({ email: emailField(() => s.emailRequired, () => s.emailInvalid), password: currentPassword });
export type EmailChangeInput = z.input<typeof EmailChangeSchema>;
export const EmailConfirmSchema = z.object({ token: tokenField(() => a.emailConfirmInvalid) });

export const SessionIdSchema = z.object({ id: z.string(said(() => a.sessionNotFound)).regex(/^[0-9a-f]{64}$/, said(() => a.sessionNotFound)) });

export const NewsletterSettingsSchema = z.object({
  subscribed: z.boolean({ error: 'subscribed must be true or false' }),
  frequency: z.enum(NEWSLETTER_FREQUENCIES, { error: messages.newsletter.frequencyInvalid }),
});
export type NewsletterSettingsInput = z.input<typeof NewsletterSettingsSchema>;

export const AccountDeleteSchema = z.object({
  password: z
    .string(said(() => a.passwordRequired))
    .min(1, said(() => a.passwordRequired))
    .max(200, said(() => a.currentPasswordWrong)),
});
