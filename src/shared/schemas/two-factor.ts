import { z } from 'zod';
import { twoFactorMessages } from '../two-factor-messages';
import { messages } from '../messages';
import { say } from './fields';

const t = twoFactorMessages;
const a = messages.account;

/** Her password, asked before a factor is removed or her recovery codes are replaced. */
const password = z.string({ error: () => a.passwordRequired }).min(1, say(() => a.passwordRequired)).max(200, say(() => a.currentPasswordWrong));

/**
 * A code as typed: six digits from her app or a recovery code. Spaces, dashes and invisible
 * characters are dropped and Arabic-Indic digits read as digits on the server (see
 * normaliseCode), so the schema only bounds its length.
 */
const code = z.string({ error: () => t.codeWrong }).min(1, say(() => t.codeWrong)).max(64, say(() => t.codeWrong));

/** Base64url text from a browser's WebAuthn answer; bounded so no request carries a megabyte. */
const b64 = (max: number) => z.string({ error: () => t.passkeyFailed }).max(max, say(() => t.passkeyFailed)).regex(/^[A-Za-z0-9_-]*$/, say(() => t.passkeyFailed));

/** What @simplewebauthn/browser's startAuthentication answers (AuthenticationResponseJSON). */
export const PasskeyAssertionSchema = z.object({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key', say(() => t.passkeyFailed)),
  response: z.object({
    clientDataJSON: b64(4000),
    authenticatorData: b64(4000),
    // Post-quantum keys (ML-DSA, which Chromium offers) sign with up to 4,627 bytes.
    signature: b64(8000),
    userHandle: b64(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
});

/** What startRegistration answers (RegistrationResponseJSON). */
export const PasskeyAttestationSchema = z.object({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key', say(() => t.passkeyFailed)),
  response: z.object({
    clientDataJSON: b64(4000),
    attestationObject: b64(20000),
    // Browsers name new transports before libraries know them: any short names, kept as given.
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
});

/** POST /api/auth/mfa: the second step, by a code (from her app, or a recovery code) or a passkey. */
export const SecondStepSchema = z.union([z.object({ code }), z.object({ passkey: PasskeyAssertionSchema })], { error: () => t.codeWrong });

/** POST /api/account/mfa/totp: without a code it starts the setup; with one it confirms it. */
export const TotpSetupSchema = z.object({ code: code.optional() });

export const FactorRemovalSchema = z.object({ password });
export const RecoveryCodesSchema = z.object({ password });

/**
 * The name she gives a passkey, shown to her and in the mail about it: without invisible or
 * direction-changing characters, which could make it read as something else.
 */
export const PasskeyNameSchema = z
  .string()
  .transform((name) => name.replace(/[\p{Cf}\p{Cc}]/gu, '').trim())
  .pipe(z.string().max(60))
  .optional();
export const PasskeyAddSchema = z.object({ response: PasskeyAttestationSchema, name: PasskeyNameSchema });
export const PasskeyRemoveSchema = z.object({ id: b64(1400).min(1, say(() => t.passkeyNotFound)), password });
