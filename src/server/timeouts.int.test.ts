import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Slow clients on a real port: a request whose headers or body never finish, or a
 * connection left idle, is cut off after the configured time instead of being held forever.
 */

const LIMITS = { headersMs: 300, requestMs: 600, keepAliveMs: 300, idleMs: 4_000 };
/** How much later than its limit a cut may come: the server checks its connections every so often. */
const SLACK_MS = 700;

interface Outcome {
  /** Everything the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Opens a connection, writes `chunks` (then nothing more) and waits for the server to close it. */
function slowClient(port: number, chunks: string[], giveUpMs = 5_000): Promise<Outcome> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let started = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      fail(new Error(`still open after ${giveUpMs} ms; the server wrote: ${JSON.stringify(answer)}`));
    }, giveUpMs);
    socket.on('connect', () => {
      started = Date.now();
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (data) => (answer += String(data)));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      done({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

const jsonBody = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ timeouts: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers 408 with a message and closes when a body stops half-way', async () => {
    const headers = 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const outcome = await slowClient(port, [headers, '{"email":"']);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBody(outcome.answer)).toEqual({ message: messages.http.timeout });
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.requestMs + SLACK_MS);
  });

  it('closes a connection whose headers never finish', async () => {
    const outcome = await slowClient(port, ['GET /api/podcasts HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n']);
    expect(outcome.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const outcome = await slowClient(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n']);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200 /);
    // Node keeps the socket a second past keepAliveTimeout, for a request already on its way.
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.keepAliveMs + 1_000 + SLACK_MS);
  });
});

describe('production limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('cuts off headers after 10 s, a whole request after 30 s and an idle kept-alive connection after 5 s', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.timeout).toBe(30_000);
    // Node checks the header and request limits on this period: it must be well under them.
    expect((server as typeof server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });
});
