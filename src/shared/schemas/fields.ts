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

/**
 * A rule's message: a text, or a function that words it when the rule fails. A schema is built
 * once, when its module loads; a function lets its messages follow the language of the request
 * or page that checks it (src/shared/messages.ts reads them through getters).
 */
export type RuleText = string | (() => string);

/** zod's message parameter for a rule text, worded when an issue is raised. */
export const said = (text: RuleText) => ({ error: typeof text === 'function' ? () => text() : text });

/** Required, trimmed, lower-cased email with its two messages in order: required, then invalid. */
export const emailField = (required: RuleText, invalid: RuleText) =>
  z
    .string(said(required))
    .trim()
    .min(1, said(required))
    .refine(isEmail, said(invalid))
    .transform((value) => value.toLowerCase());

/** A trimmed text that must not be empty. */
export const requiredText = (message: RuleText, max = 200) =>
  z
    .string(said(message))
    .trim()
    .min(1, said(message))
    .max(max, `Must be at most ${max} characters`);

/** Positive integer ids in paths and inputs; anything else is a 400, never a 500. */
export const IdSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');
