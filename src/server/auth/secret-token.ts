import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { sha256 } from '@oslojs/crypto/sha2';

/**
 * The secrets in mailed and private links (password reset, email change, newsletter
 * confirmation, calendar feed): random bytes as lower-case base32, safe in a URL. The
 * database keeps only `hashSecretToken`, so a copy of it opens nothing.
 */
export function newSecretToken(bytes = 32): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
}

/** Hex SHA-256 of a token: what is stored and looked up. */
export function hashSecretToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
