import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOriginCheck } from './origin-check';

async function appWith(publicUrl?: string) {
  const app = Fastify();
  app.addHook('onRequest', createOriginCheck(publicUrl));
  app.post('/write', async () => ({ ok: true }));
  app.get('/read', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('origin check', () => {
  it.each([
    [undefined, 200],
    ['http://site.test', 200],
    ['http://site.test:80', 200],
    ['https://evil.test', 403],
    ['http://site.test.evil.test', 403],
    ['null', 403],
  ])('POST with Origin %s answers %i', async (origin, status) => {
    const app = await appWith();
    const response = await app.inject({ method: 'POST', url: '/write', headers: { host: 'site.test', ...(origin ? { origin } : {}) } });
    expect(response.statusCode).toBe(status);
  });

  it('lets reads through from anywhere', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/read', headers: { host: 'site.test', origin: 'https://evil.test' } });
    expect(response.statusCode).toBe(200);
  });

  it('compares with PUBLIC_URL behind a proxy', async () => {
    const app = await appWith('https://bloom.example');
    const own = await app.inject({ method: 'POST', url: '/write', headers: { host: 'internal:3000', origin: 'https://bloom.example' } });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({ method: 'POST', url: '/write', headers: { host: 'internal:3000', origin: 'http://internal:3000' } });
    expect(other.statusCode).toBe(403);
  });
});
