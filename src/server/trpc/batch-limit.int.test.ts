import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '#db/schema';
import { MAX_CALLS_PER_REQUEST } from '#shared/limits';
import { messages } from '#shared/messages';
import { createTestApp, type TestApp } from '../test/test-app';

/** One tRPC request calls at most MAX_CALLS_PER_REQUEST procedures; a bigger batch runs none of them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `n` newsletter subscriptions in one POST batch: each call that runs leaves a row. */
function subscribeBatch(n: number, prefix: string, separator = ',') {
  const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { email: `${prefix}${i}@example.com`, frequency: 'weekly' }]));
  return t.request({
    method: 'POST',
    url: `/trpc/${Array(n).fill('content.newsletter.subscribe').join(separator)}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
}
const statsBatch = (n: number) => t.request({ method: 'GET', url: `/trpc/${Array(n).fill('content.stats.get').join(',')}?batch=1&input=%7B%7D` });
const subscribers = async () => (await t.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions)).map((row) => row.email);

describe('a tRPC batch', () => {
  it('of more than ten calls answers 400 with its reason and runs none of them, GET or POST', async () => {
    expect(MAX_CALLS_PER_REQUEST).toBe(10);
    const read = await statsBatch(11);
    expect(read.statusCode).toBe(400);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({ message: messages.http.tooManyCalls });
    expect(messages.http.tooManyCalls).toBe('Too many calls in one request');

    const written = await subscribeBatch(11, 'over');
    expect(written.statusCode).toBe(400);
    expect(written.json()).toEqual({ message: 'Too many calls in one request' });
    // Commas written as %2C are the same batch once the path is decoded.
    const encoded = await subscribeBatch(11, 'encoded', '%2C');
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toEqual({ message: 'Too many calls in one request' });
    expect(await subscribers()).toEqual([]);
  });

  it('of ten calls runs all ten', async () => {
    const read = await statsBatch(10);
    expect(read.statusCode).toBe(200);
    const answers = read.json() as { result: { data: unknown } }[];
    expect(answers).toHaveLength(10);
    for (const answer of answers) expect(answer.result.data).toEqual(answers[0]!.result.data);

    const written = await subscribeBatch(10, 'ten');
    expect(written.statusCode).toBe(200);
    expect((await subscribers()).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `ten${i}@example.com`).sort());
  });

  it('is refused in the language of the request', async () => {
    const response = await t.request({ method: 'GET', url: `/trpc/${Array(11).fill('content.stats.get').join(',')}?batch=1&input=%7B%7D`, headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'عدد الاستدعاءات في طلب واحد كبير جدًا' });
  });
});
