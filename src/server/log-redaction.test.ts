import { describe, expect, it } from 'vitest';
import { newSecretToken } from './auth/secret-token';
import { hasLongRun, REDACTED, redactSecrets } from './log-redaction';

/** A log line as pino writes it, with `text` where the request's URL goes. */
const line = (url: string) => JSON.stringify({ level: 30, time: 1764097454123, reqId: 'req-1', req: { method: 'GET', url, host: 'bloom.example', remoteAddress: '127.0.0.1', remotePort: 51234 }, msg: 'incoming request' });

describe('redactSecrets', () => {
  it('hides the token of every kind of link the site mails or hands out, and keeps the rest of the line', () => {
    const base32 = newSecretToken(24);
    const hex = 'a3f0'.repeat(16);
    const cases: [string, string][] = [
      [`/calendar/${base32}.ics`, `/calendar/${REDACTED}`],
      [`https://bloom.example/calendar/${base32}.ics?x=1`, `https://bloom.example/calendar/${REDACTED}?x=1`],
      [`/reset-password?token=${newSecretToken()}`, `/reset-password?token=${REDACTED}`],
      [`/confirm-email?lang=ar&token=${newSecretToken()}#top`, `/confirm-email?lang=ar&token=${REDACTED}#top`],
      [`/newsletter/confirm?token=${newSecretToken(24)}`, `/newsletter/confirm?token=${REDACTED}`],
      [`/api/newsletter/unsubscribe?token=${hex}`, `/api/newsletter/unsubscribe?token=${REDACTED}`],
      // A link added later, under any path or field name.
      [`/applications/confirm?confirm_token=short-one`, `/applications/confirm?confirm_token=${REDACTED}`],
      [`/applications/${newSecretToken()}/confirm`, `/applications/${REDACTED}/confirm`],
      [`/trpc/auth.check?input=${encodeURIComponent(JSON.stringify({ token: 'Short-Secret' }))}`, `/trpc/auth.check?input=%7B%22token%22%3A%22${REDACTED}%22%7D`],
    ];
    for (const [url, redacted] of cases) {
      const out = redactSecrets(line(url));
      expect(out).toBe(line(redacted));
      expect(JSON.parse(out)).toMatchObject({ msg: 'incoming request', req: { method: 'GET', remotePort: 51234 } });
    }
  });

  it('hides a token quoted in a message or a JSON field, whatever its name', () => {
    const token = newSecretToken();
    expect(redactSecrets(`GET https://bloom.example/x/${token} failed`)).toBe(`GET https://bloom.example/x/${REDACTED} failed`);
    expect(redactSecrets(JSON.stringify({ resetToken: 'abc', msg: 'x' }))).toBe(`{"resetToken":"${REDACTED}","msg":"x"}`);
    expect(redactSecrets(JSON.stringify({ msg: JSON.stringify({ token: 'abc' }) }))).toBe(`{"msg":"{\\"token\\":\\"${REDACTED}\\"}"}`);
    // Base64 and upper-case base32 too.
    expect(redactSecrets('session Zk9Qa3JtT0xvV2pPbW5YcGVoQnlxZkR6Y2FrS1Ru')).toBe(`session ${REDACTED}`);
    expect(redactSecrets(`key ${newSecretToken().toUpperCase()}`)).toBe(`key ${REDACTED}`);
  });

  it('leaves ordinary lines alone: paths, ids, times, code names and stack frames', () => {
    const ordinary = [
      line('/api/events/42/ics'),
      line('/api/calendar/feed'),
      line('/trpc/content.stats.get,content.events.list?batch=1&input=%7B%221%22%3A%7B%22upcoming%22%3Atrue%7D%7D'),
      line('/blog/a-very-long-article-title-about-spring-picnics-in-cairo-2026'),
      JSON.stringify({ msg: 'request completed', responseTime: 12.345678901234567, err: { code: '22P02', stack: '    at registerNoStoreForPersonalAnswers (/srv/app/dist/server/main.js:1:2)' } }),
    ];
    for (const text of ordinary) expect(redactSecrets(text)).toBe(text);
  });
});

it('finds every run of 32 letters and digits, wherever it starts and ends', () => {
  const run = (length: number) => 'aB3'.repeat(length).slice(0, length);
  for (let before = 0; before < 70; before++) {
    for (const length of [1, 31, 32, 33, 64, 65]) {
      for (const after of [0, 1, 40]) {
        const text = `${'-x'.repeat(before).slice(0, before)}-${run(length)}${'/'.repeat(after)}`;
        expect(hasLongRun(text), `${before} ${length} ${after}`).toBe(length >= 32);
      }
    }
  }
  expect(hasLongRun('a'.repeat(32))).toBe(true);
  expect(hasLongRun(`${'ab-'.repeat(20)}${'c'.repeat(31)}-${'d'.repeat(31)}`)).toBe(false);
  expect(hasLongRun(`${'c'.repeat(31)}é${'d'.repeat(31)}`)).toBe(false);
});
