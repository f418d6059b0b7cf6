import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, newsletterSubscriptions } from '#db/schema';
import { messages } from '#shared/messages';
import { trpcRequest } from './test/procedures';
import { createTestAppWithMail, type MailTestApp, type TestApp } from './test/test-app';

/** The newsletter end to end: double opt-in, issues through the outbox over real SMTP, one-click unsubscribe. */
const n = messages.newsletter;
let t: MailTestApp;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;

beforeAll(async () => {
  t = await createTestAppWithMail({ env: { PUBLIC_URL: 'https://bloom.example' } });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t.close();
});

const subscribe = (email: string, frequency: string) => t.request({ method: 'POST', url: '/api/newsletter/subscriptions', payload: { email, frequency } });
const rowOf = async (email: string) => (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];
/** The token of the newest link to `path` mailed to an address. */
async function tokenFrom(email: string, count: number, path: string) {
  const mail = (await t.smtp.waitFor(count, email)).at(-1)!;
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([a-z0-9]+)`).exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

describe('double opt-in', () => {
  it('counts a subscription once the mailed link is opened, and a stranger changes nothing without it', async () => {
    expect((await subscribe('layla.reader@example.com', 'weekly')).statusCode).toBe(201);
    const token = await tokenFrom('layla.reader@example.com', 1, '/newsletter/confirm');
    expect((await t.smtp.to('layla.reader@example.com'))[0]!.subject).toBe('Confirm your Bloom Circle newsletter');
    expect((await rowOf('layla.reader@example.com'))?.confirmedAt).toBeNull();

    const confirmed = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    expect(confirmed.json()).toEqual({ email: 'layla.reader@example.com', frequency: 'weekly', message: n.confirmed });
    expect((await rowOf('layla.reader@example.com'))?.confirmedAt).not.toBeNull();
    // Opened again, the link says what is true; a forged one is still a 404.
    const used = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ already: true, message: n.alreadySubscribed });
    const forged = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: 'f'.repeat(48) } });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ message: n.confirmInvalid });

    // Someone else posts her email with another frequency: it waits for her link.
    await subscribe('layla.reader@example.com', 'monthly');
    expect((await rowOf('layla.reader@example.com'))?.frequency).toBe('weekly');
    const change = await tokenFrom('layla.reader@example.com', 2, '/newsletter/confirm');
    await trpcRequest(t.app, { path: 'content.newsletter.confirm', type: 'mutation', input: { token: change } });
    expect((await rowOf('layla.reader@example.com'))?.frequency).toBe('monthly');
  });
});

describe('issues', () => {
  it('go to the confirmed subscribers of their frequency only, each with her own one-click unsubscribe', async () => {
    const readers = ['hala@example.com', 'mona@example.com'];
    await t.db.insert(newsletterSubscriptions).values([
      ...readers.map((email) => ({ email, frequency: 'biweekly' as const, confirmedAt: new Date() })),
      { email: 'unconfirmed@example.com', frequency: 'biweekly' as const },
      { email: 'weekly-only@example.com', frequency: 'weekly' as const, confirmedAt: new Date() },
    ]);
    const created = await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: admin.cookie, payload: { subject: 'Spring letter', markdown: '# Hello spring\n\nRead **this** and [our guidelines](https://bloom.example/guidelines).\n\n<script>alert(1)</script>', frequency: 'biweekly' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;

    // A test goes to the admin herself first.
    expect((await t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${id}/test`, cookie: admin.cookie })).json()).toEqual({ success: true, message: n.testSent(admin.user.email) });
    expect((await t.smtp.waitFor(1, admin.user.email))[0]!.subject).toBe('[Test] Spring letter');

    const sent = await t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${id}/send`, cookie: admin.cookie });
    expect(sent.json()).toEqual({ success: true, message: n.issueQueued(2), id, queued: 2 });
    const again = await t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${id}/send`, cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: n.issueAlreadySent });

    for (const email of readers) {
      const [mail] = await t.smtp.waitFor(1, email);
      expect(mail!.subject).toBe('Spring letter');
      expect(mail!.html).toContain('<h1>Hello spring</h1>');
      expect(mail!.html).not.toContain('<script>');
      // The raw header lines, as a mail app reads them (mailparser folds List-* headers into one object).
      const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(/^<https:\/\/bloom\.example\/api\/newsletter\/unsubscribe\?token=[0-9a-f]{64}>$/);
    }
    expect(t.smtp.to('unconfirmed@example.com').filter((mail) => mail.subject === 'Spring letter')).toEqual([]);
    expect(t.smtp.to('weekly-only@example.com')).toEqual([]);

    await expect.poll(async () => ((await t.request({ method: 'GET', url: '/api/admin/newsletter/issues', cookie: admin.cookie })).json() as { id: number; sent: number; queued: number; failed: number }[]).find((issue) => issue.id === id)).toMatchObject({ sent: 2, queued: 0, failed: 0 });
  });

  it('refuse bad input, members and unknown issues', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: admin.cookie, payload: { subject: '', markdown: 'x', frequency: 'weekly' } });
    expect(bad.json()).toEqual({ message: n.subjectRequired });
    expect((await t.request({ method: 'POST', url: '/api/admin/newsletter/issues/999999/send', cookie: admin.cookie })).statusCode).toBe(404);
    const member = await t.signInAs('member');
    expect((await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: member.cookie, payload: { subject: 'x', markdown: 'x', frequency: 'weekly' } })).statusCode).toBe(403);
  });
});

describe('unsubscribing', () => {
  it('works in one click from the mail (a form POST to the link) and by the page (JSON); a used link says so, a forged one is a 404', async () => {
    const [hala] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'hala@example.com'));
    const oneClick = await t.request({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${hala!.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ success: true, message: n.unsubscribed });
    expect(await rowOf('hala@example.com')).toBeUndefined();
    const used = await t.request({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: hala!.unsubscribeToken } });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ success: true, already: true, message: n.alreadyUnsubscribed });

    const [mona] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'mona@example.com'));
    expect((await t.request({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: mona!.unsubscribeToken } })).statusCode).toBe(200);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscriptions);
    expect((await t.request({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 'f'.repeat(64) } })).statusCode).toBe(404);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscriptions)).toEqual(before);
    // Form bodies are accepted on this path only.
    const elsewhere = await t.request({ method: 'POST', url: '/api/newsletter/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=x' });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('keeps the outbox free of issue bodies for admins', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/admin/mail', cookie: admin.cookie })).json() as Record<string, unknown>[];
    expect(JSON.stringify(list)).not.toContain('Hello spring');
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'newsletter_issue'))).length).toBe(2);
  });
});

describe('the public archive', () => {
  it('lists sent issues only, newest first, with id, subject, sentAt and an excerpt, and opens each by id; no recipient data', async () => {
    const create = async (subject: string, markdown: string) => (await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: admin.cookie, payload: { subject, markdown, frequency: 'monthly' } })).json().id as number;
    const older = await create('Archive one', '## First\n\nA **warm** hello to everyone in the circle.');
    const newer = await create('Archive two', 'Second issue body.');
    const draft = await create('Not sent yet', 'A draft nobody received.');
    for (const id of [older, newer]) expect((await t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${id}/send`, cookie: admin.cookie })).statusCode).toBe(200);

    const list = await t.request({ method: 'GET', url: '/api/newsletter/issues?limit=50' });
    expect(list.statusCode).toBe(200);
    const issues = list.json() as Record<string, unknown>[];
    expect(issues.map((issue) => issue.id)).not.toContain(draft);
    expect(issues.slice(0, 2).map((issue) => issue.id)).toEqual([newer, older]);
    for (const issue of issues) expect(Object.keys(issue).sort()).toEqual(['excerpt', 'id', 'sentAt', 'subject']);
    expect(issues[1]).toMatchObject({ subject: 'Archive one', excerpt: 'First A warm hello to everyone in the circle.' });
    expect((await t.request({ method: 'GET', url: '/api/newsletter/issues?limit=1' })).json()).toHaveLength(1);

    const one = await t.request({ method: 'GET', url: `/api/newsletter/issues/${older}` });
    expect(one.json()).toMatchObject({
      id: older,
      subject: 'Archive one',
      markdown: '## First\n\nA **warm** hello to everyone in the circle.',
      markdownHtml: '<h2>First</h2>\n<p>A <strong>warm</strong> hello to everyone in the circle.</p>\n',
    });
    expect(Object.keys(one.json() as object).sort()).toEqual(['id', 'markdown', 'markdownHtml', 'sentAt', 'subject']);
    expect((await t.request({ method: 'GET', url: `/api/newsletter/issues/${draft}` })).statusCode).toBe(404);
    expect((await trpcRequest(t.app, { path: 'content.newsletter.issue', type: 'query', input: { id: draft } })).statusCode).toBe(404);

    // The site's page of an issue: drawn, without its markdown; an unsent one is a 404 there too.
    const page = await trpcRequest(t.app, { path: 'content.newsletter.issuePage', type: 'query', input: { id: older } });
    expect(Object.keys(page.json().result.data as object).sort()).toEqual(['id', 'markdownHtml', 'sentAt', 'subject']);
    expect(page.json().result.data).toMatchObject({ id: older, markdownHtml: '<h2>First</h2>\n<p>A <strong>warm</strong> hello to everyone in the circle.</p>\n' });
    expect((await trpcRequest(t.app, { path: 'content.newsletter.issuePage', type: 'query', input: { id: draft } })).statusCode).toBe(404);
  });
});
