import { z } from 'zod';

// zod compiles object schemas with `new Function` when it can, and probes for that first; the
// site's Content-Security-Policy refuses eval, so the probe reports a violation in the browser.
// Every schema imports this file, so this turns the compiler off before any schema is built.
z.config({ jitless: true });

/**
 * A pragmatic email check (something@something.tld, no spaces); the database compares
 * emails lower-cased.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value) && value.length <= 254;

/** Required, trimmed, lower-cased email with its two messages in order: required, then invalid. */
export const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isEmail, invalid)
    .transform((value) => value.toLowerCase());

/** A trimmed text that must not be empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

/** Positive integer ids in paths and inputs; anything else is a 400, never a 500. */
export const IdSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');
