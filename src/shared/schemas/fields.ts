import { z } from 'zod';
import { messages } from '../messages';

// zod compiles object schemas with `new Function` when it can, and probes for that first; the
// site's Content-Security-Policy refuses eval, so the probe reports a violation in the browser.
// Every schema imports this file, so this turns the compiler off before any schema is built.
z.config({ jitless: true });

/** A rule's text, read when a value is checked: in that request's (or page's) language, not the one the schema was built in. */
export type Text = () => string;
export const say = (text: Text) => ({ error: text });

/**
 * A pragmatic email check (something@something.tld, no spaces); the database compares
 * emails lower-cased.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value) && value.length <= 254;

/** Required, trimmed, lower-cased email with its two messages in order: required, then invalid. */
export const emailField = (required: Text, invalid: Text) =>
  z
    .string({ error: required })
    .trim()
    .min(1, say(required))
    .refine(isEmail, say(invalid))
    .transform((value) => value.toLowerCase());

/** A trimmed text that must not be empty. */
export const requiredText = (message: Text, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, say(message))
    .max(max, say(() => messages.hub.textTooLong(max)));

/** Positive integer ids in paths and inputs; anything else is a 400, never a 500. */
export const IdSchema = z.coerce
  .number({ error: () => messages.http.invalidId })
  .int(say(() => messages.http.invalidId))
  .positive(say(() => messages.http.invalidId))
  .max(2_147_483_647, say(() => messages.http.invalidId));
