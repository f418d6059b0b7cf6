import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeSuggestions } from '#db/schema';
import { seedCommunity } from '#db/seed/community';
import { accountService } from '#server/services/accounts';
import { messages } from '#shared/messages';
import { DEFAULT_RATE_LIMITS } from '#server/auth/rate-limit';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo places are the list's content, as with SEED_DEMO=1.
  await seedCommunity(t.db, accountService);
});
afterAll(() => t.close());

type Place = { id: number; name: string; category: string; rating: number; tags: string[]; recommended: boolean; address: string; description: string };
const list = async (query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/places${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Place[];
};

describe('GET /api/places', () => {
  it('serves the six seeded places, recommended first, then by rating', async () => {
    const places = await list();
    expect(places).toHaveLength(6);
    expect(Object.keys(places[0]!).sort()).toEqual(['address', 'category', 'description', 'id', 'name', 'rating', 'recommended', 'tags']);
    const recommended = places.map((p) => p.recommended);
    expect(recommended).toEqual([...recommended].sort((a, b) => Number(b) - Number(a)));
    expect(new Set(places.map((p) => p.category))).toEqual(new Set(['wellness', 'cafe', 'fitness', 'culture']));
  });

  it('filters by category, with all meaning every place', async () => {
    const cafes = await list('?category=cafe');
    expect(cafes.length).toBeGreaterThan(0);
    expect(cafes.every((p) => p.category === 'cafe')).toBe(true);
    expect(await list('?category=all')).toHaveLength(6);
    const bad = await t.request({ method: 'GET', url: '/api/places?category=bars' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.places.categoryInvalid });
  });

  it('searches name, description and tags case-insensitively', async () => {
    expect((await list('?search=SERENITY')).map((p) => p.name)).toEqual(['Serenity Yoga Studio']);
    expect((await list('?search=honey%20cake')).map((p) => p.name)).toEqual(['The Cozy Corner Café']);
    expect((await list('?search=book%20club')).map((p) => p.name)).toEqual(['Petals & Pages Book Café']);
    const womenOnly = await list('?search=women-only');
    expect(womenOnly.length).toBeGreaterThanOrEqual(2);
    expect(womenOnly.every((p) => p.tags.includes('women-only') || /women-only/i.test(p.description))).toBe(true);
    expect(await list('?search=zzz-nothing')).toEqual([]);
    // Accents don't matter, and the category's name counts too.
    const cafes = ['Petals & Pages Book Café', 'The Cozy Corner Café'];
    expect((await list('?search=cafe')).map((p) => p.name).sort()).toEqual(cafes);
    expect((await list('?search=CAF%C3%89')).map((p) => p.name).sort()).toEqual(cafes);
    // Wildcards typed by a visitor are literal.
    expect(await list('?search=%25')).toEqual([]);
    expect(await list('?search=yoga&category=cafe')).toEqual([]);
    // A NUL character can't be searched for: a clear 400, not a failure.
    const nul = await t.request({ method: 'GET', url: '/api/places?search=yo%00ga' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: messages.http.unsupportedCharacters });
  });
});

describe('POST /api/places/suggestions', () => {
  const valid = { name: 'Moonlight Pottery', description: 'A pottery studio with evening classes for girls.', category: 'culture', address: '5 Clay Street' };

  it('stores a member suggestion as pending', async () => {
    const { user, cookie } = await t.signInAs('member');
    const response = await t.request({ method: 'POST', url: '/api/places/suggestions', payload: { ...valid, name: '  Moonlight Pottery ' }, cookie });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ...valid, status: 'pending' });
    const rows = await t.db.select().from(placeSuggestions).where(eq(placeSuggestions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Moonlight Pottery', status: 'pending' });
    // A suggestion is not a place until an admin approves it.
    expect(await list('?search=Moonlight')).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    const response = await t.request({ method: 'POST', url: '/api/places/suggestions', payload: valid });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.access.authRequired });
  });

  const m = messages.places;
  const cases: [string, Record<string, unknown>, string][] = [
    ['a blank name', { name: '  ', description: 'x', category: 'bars' }, m.nameRequired],
    ['a short description', { description: 'Nice', category: 'bars' }, m.descriptionLength],
    ['an unknown category', { category: 'bars', address: '' }, m.categoryInvalid],
    ['a blank address', { address: '   ' }, m.addressRequired],
    ['a NUL character in the name', { name: 'Moon\u0000light' }, messages.http.unsupportedCharacters],
  ];
  it.each(cases)('refuses %s with its message and stores nothing', async (_name, change, message) => {
    const { user, cookie } = await t.signInAs('member');
    const response = await t.request({ method: 'POST', url: '/api/places/suggestions', payload: { ...valid, ...change }, cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(placeSuggestions).where(eq(placeSuggestions.userId, user.id))).toHaveLength(0);
  });

  it('limits suggestions per member with 429', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const { cookie } = await limited.signInAs('member');
      const suggest = () => limited.request({ method: 'POST', url: '/api/places/suggestions', payload: valid, cookie });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.suggest.max; i++) expect((await suggest()).statusCode).toBe(201);
      expect((await suggest()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
