import { z } from 'zod';
import { messages } from '../messages';
import { NEWSLETTER_FREQUENCIES } from '../categories';
import { emailField, requiredText, say, type Text } from './fields';
import { SignupPasswordSchema } from './auth';
import { TEXT_LIMITS } from '../limits';

const a = messages.account;
const s = messages.signup;

/** A single-use token from a mailed link: text of a sane length, or it is simply invalid. */
const tokenField = (invalid: Text) => z.string({ error: invalid }).trim().min(10, say(invalid)).max(200, say(invalid));
const currentPassword = z.string({ error: () => a.currentPasswordRequired }).min(1, say(() => a.currentPasswordRequired)).max(200, say(() => a.currentPasswordWrong));

export const PasswordResetRequestSchema = z.object({ email: emailField(() => s.emailRequired, () => s.emailInvalid) });
export const PasswordResetConfirmSchema = z.object({ token: tokenField(() => a.resetInvalid), password: SignupPasswordSchema });
/** The reset page's check of its link when it opens. */
export const PasswordResetCheckSchema = z.object({ token: tokenField(() => a.resetInvalid) });
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmSchema>;

/**
 * Profile Settings: what she may change about herself (her email has its own, confirmed,
 * change). Partial, as PATCH is: the fields sent change and the others stay; a field sent
 * empty where it is required still answers its own message; a change of nothing is refused.
 */
export const ProfileUpdateSchema = z
  .object({
    firstName: requiredText(() => s.firstNameRequired, TEXT_LIMITS.name).optional(),
    lastName: requiredText(() => s.lastNameRequired, TEXT_LIMITS.name).optional(),
    bio: z.string({ error: () => s.bioLength }).trim().min(20, say(() => s.bioLength)).max(TEXT_LIMITS.bio, say(() => s.bioMax)).optional(),
    interests: z.string({ error: () => s.interestsLength }).trim().min(10, say(() => s.interestsLength)).max(TEXT_LIMITS.interests, say(() => s.interestsMax)).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: () => a.profileNothingToChange });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const PasswordChangeSchema = z.object({ currentPassword, newPassword: SignupPasswordSchema });
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;

export const EmailChangeSchema = z.object({ email: emailField(() => s.emailRequired, () => s.emailInvalid), password: currentPassword });
export type EmailChangeInput = z.input<typeof EmailChangeSchema>;
export const EmailConfirmSchema = z.object({ token: tokenField(() => a.emailConfirmInvalid) });

export const SessionIdSchema = z.object({ id: z.string({ error: () => a.sessionNotFound }).regex(/^[0-9a-f]{64}$/, say(() => a.sessionNotFound)) });

export const NewsletterSettingsSchema = z.object({
  subscribed: z.boolean({ error: 'subscribed must be true or false' }),
  frequency: z.enum(NEWSLETTER_FREQUENCIES, { error: () => messages.newsletter.frequencyInvalid }),
});
export type NewsletterSettingsInput = z.input<typeof NewsletterSettingsSchema>;

export const AccountDeleteSchema = z.object({ password: z.string({ error: () => a.passwordRequired }).min(1, say(() => a.passwordRequired)).max(200, say(() => a.currentPasswordWrong)) });
