import { describe, expect, it } from 'vitest';
import { generateSessionToken, sessionIdFromToken } from './session';

describe('session tokens', () => {
  it('are 32 base32 characters (160 random bits) and never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as their hex SHA-256', () => {
    // SHA-256 of "abc"
    expect(sessionIdFromToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
