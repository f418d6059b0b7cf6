import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '#db/client';
import { passkeyRegistrations, passkeys, pendingSignIns } from '#db/schema';
import type { Env } from '../env';
import { publicSite } from '../site';

// Passkeys (WebAuthn) as her second step, through @simplewebauthn/server. The relying party is
// the site's configured address (PUBLIC_URL), never the request's Host header, which a client writes.

/** How long a browser has to answer a passkey challenge. */
const CEREMONY_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;

/** The relying party: the site's name, its host name (rpID) and its origin. */
export function relyingParty(env: Env) {
  const site = publicSite(env);
  const url = new URL(site.url);
  return { name: site.name, id: url.hostname, origin: url.origin };
}

/** Options for her browser to make a new passkey; the challenge is kept for one answer. */
export async function registrationOptions(db: Db, env: Env, user: { id: number; email: string; firstName: string }) {
  const rp = relyingParty(env);
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.firstName,
    attestationType: 'none',
    // The same authenticator twice would be no second key.
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_MS,
  });
  const row = { challenge: options.challenge, expiresAt: new Date(Date.now() + CEREMONY_MS) };
  await db.insert(passkeyRegistrations).values({ userId: user.id, ...row }).onConflictDoUpdate({ target: passkeyRegistrations.userId, set: row });
  return options;
}

/**
 * Checks her browser's answer against the challenge it was sent (used up either way) and the
 * site's origin; answers the new credential, or null when it does not hold.
 */
export async function verifyRegistration(db: Db, env: Env, userId: number, response: RegistrationResponseJSON) {
  const [waiting] = await db
    .delete(passkeyRegistrations)
    .where(and(eq(passkeyRegistrations.userId, userId), gt(passkeyRegistrations.expiresAt, new Date())))
    .returning({ challenge: passkeyRegistrations.challenge });
  if (!waiting) return 'expired' as const;
  const rp = relyingParty(env);
  try {
    const verified = await verifyRegistrationResponse({ response, expectedChallenge: waiting.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
    return verified.verified ? verified.registrationInfo : null;
  } catch {
    // A malformed or forged answer is a refusal, not a server error.
    return null;
  }
}

/** Options for her browser to sign this pending sign-in with one of her passkeys; null when she has none. */
export async function authenticationOptions(db: Db, env: Env, pending: { id: string; userId: number }) {
  const keys = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, pending.userId));
  if (!keys.length) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).id,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] })),
    userVerification: 'preferred',
    timeout: CEREMONY_MS,
  });
  await db.update(pendingSignIns).set({ passkeyChallenge: options.challenge }).where(eq(pendingSignIns.id, pending.id));
  return options;
}

/**
 * True when the answer is signed by one of her passkeys over the challenge this pending sign-in
 * was sent (used up either way), with a signature counter that moved on (a cloned key's
 * doesn't). The counter and the time are kept.
 */
export async function verifyAuthentication(db: Db, env: Env, pending: { id: string; userId: number }, response: AuthenticationResponseJSON): Promise<boolean> {
  const [sent] = await db.select({ challenge: pendingSignIns.passkeyChallenge }).from(pendingSignIns).where(eq(pendingSignIns.id, pending.id));
  const challenge = sent?.challenge;
  if (!challenge) return false;
  // Used up before it is checked: two answers to one challenge, sent at once, can't both pass.
  const claimed = await db
    .update(pendingSignIns)
    .set({ passkeyChallenge: null })
    .where(and(eq(pendingSignIns.id, pending.id), eq(pendingSignIns.passkeyChallenge, challenge)))
    .returning({ id: pendingSignIns.id });
  if (!claimed.length) return false;
  const [key] = await db.select().from(passkeys).where(and(eq(passkeys.id, response.id), eq(passkeys.userId, pending.userId)));
  if (!key) return false;
  const rp = relyingParty(env);
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: key.transports as AuthenticatorTransport[] },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, key.id));
    return true;
  } catch {
    return false;
  }
}
