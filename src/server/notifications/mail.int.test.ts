import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notificationDigests, notificationUnsubscribeLinks, users } from '#db/schema';
import { queueEventReminders } from '../calendar';
import { queueMail } from '../mail/outbox';
import { createEvent } from '../test/content-factories';
import { startTestMailServer, type TestMailServer } from '../test/smtp';
import { capturedLog, createTestApp, type TestApp } from '../test/test-app';
import { sendDigests } from './mail';

/**
 * Notification mail through the real server and a real SMTP conversation: at once for an
 * 'instant' kind, gathered once per period for 'daily' and 'weekly' (across processes and
 * restarts), each with a one-click unsubscribe for its kinds (RFC 8058).
 */
/** The link with the first character of its token changed: a token that was never given. */
const forge = (link: string) => link.replace(/token=(.)/, (_, first: string) => `token=${first === 'x' ? 'y' : 'x'}`);

const { lines, logger } = capturedLog();
let smtp: TestMailServer;
let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let laila: Someone;
let admin: Someone;
const SITE = { name: 'Bloom Circle', url: '' };
const TIME_ZONE = 'Africa/Cairo';

beforeAll(async () => {
  smtp = await startTestMailServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://bloom.example' },
    mailWorker: { pollMs: 50, retryBaseMs: 50 },
    logger,
  });
  SITE.url = 'https://bloom.example';
  [laila, admin] = await Promise.all([t.signInAs('member', { firstName: 'Laila' }), t.signInAs('admin', { firstName: 'Amal' })]);
  await t.db.update(users).set({ lastName: 'Farouk-Haddad' }).where(eq(users.id, laila.user.id));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const as = (who: Someone | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });

/** A member who reads the site in `locale`, with her mail choices changed as given. */
async function member(firstName: string, locale: 'en' | 'ar-EG', preferences: object = {}) {
  const who = await t.signInAs('member', { firstName });
  await t.db.update(users).set({ locale }).where(eq(users.id, who.user.id));
  if (Object.keys(preferences).length) expect((await as(who, 'PUT', '/api/notifications/preferences', preferences)).statusCode).toBe(200);
  return who;
}
async function forumPost(who: Someone, title: string) {
  const response = await as(who, 'POST', '/api/forum/posts', { title, content: 'Twenty characters of content here.', category: 'general' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}
async function comment(who: Someone, postId: number, content: string) {
  const response = await as(who, 'POST', `/api/forum/posts/${postId}/comments`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** Every mail to her queued before now, read once a mail queued now arrived (the worker sends in order): absence shown by a later mail. */
async function mailsQueuedBefore(address: string) {
  // Jobs (an instant notification's mail) draw their mail when the worker runs them: wait for them first.
  await expect.poll(async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNotNull(mailOutbox.job))).length, { timeout: 10_000 }).toBe(0);
  const subject = `sentinel ${Math.random()}`;
  await queueMail(t.db, { kind: 'test', to: address, subject, text: subject, html: subject });
  await expect.poll(() => smtp.to(address).some((mail) => mail.subject === subject), { timeout: 10_000 }).toBe(true);
  // A batch may go out in any order: every mail to her is sent, not only the sentinel.
  await expect.poll(async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.recipient, address), ne(mailOutbox.status, 'sent')))).length, { timeout: 10_000 }).toBe(0);
  return smtp.to(address).filter((mail) => !mail.subject?.startsWith('sentinel'));
}

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? '';
const oneClickPath = (mail: ParsedMail) => {
  const url = /^<(https:\/\/bloom\.example\/api\/notifications\/unsubscribe\?token=[a-z0-9]+)>$/.exec(header(mail, 'List-Unsubscribe'))?.[1];
  expect(url, header(mail, 'List-Unsubscribe')).toBeDefined();
  return url!.replace('https://bloom.example', '');
};
const oneClick = (path: string) =>
  t.request({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
const preferences = async (who: Someone) => (await as(who, 'GET', '/api/notifications/preferences')).json() as Record<string, { site: boolean; mail: string }>;

/** What no mail about another member may carry: her email, last name, age or id. */
function expectNothingPrivateOf(mail: ParsedMail, other: Someone) {
  const withoutLinks = `${mail.subject}\n${mail.text}\n${String(mail.html)}`.replace(/https?:\/\/[^\s"<>]+/g, '');
  expect(withoutLinks).not.toContain(other.user.email);
  expect(withoutLinks).not.toMatch(/Farouk|Haddad|Tester/);
  expect(withoutLinks).not.toMatch(/\bage\b|\b20\b/i);
}

/** Tomorrow at noon, where the site's day is counted: the daily digest then covers today. */
const tomorrow = () => new Date(Date.now() + 24 * 3_600_000);

describe('instant mail', () => {
  it('mails a kind she gets at once, one mail in her language, naming the actor by display name, with the one-click headers and a visible link', async () => {
    const nour = await member('Nour', 'ar-EG', { reply: { mail: 'instant' } });
    const post = await forumPost(nour, 'أين تدرسين؟');
    const answer = await comment(laila, post.id, 'In the library');
    const [mail, ...more] = await smtp.waitFor(1, nour.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('ردّت Laila F. في «أين تدرسين؟»');
    expect(mail!.html).toContain('dir="rtl"');
    // Her link opens the forum at the reply itself.
    expect(mail!.text).toContain(`https://bloom.example/community/blog?post=${post.id}#comment-${answer.id}`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = oneClickPath(mail!);
    expect(mail!.text).toContain(`https://bloom.example${link}`);
    // Beside the unsubscribe, her settings for every kind, in her language.
    expect(mail!.text).toContain('اختاري الإشعارات التي تصلكِ وطريقة وصولها: https://bloom.example/settings/notifications');
    expect(mail!.html).toContain('<a href="https://bloom.example/settings/notifications"');
    expectNothingPrivateOf(mail!, laila);
    expect(await mailsQueuedBefore(nour.user.email)).toHaveLength(1);
  });

  it('mails an event change at once by default, saying what changed, in English to an English reader', async () => {
    const rana = await member('Rana', 'en');
    const event = await createEvent(t.db, { title: 'Garden day', maxAttendees: 5 });
    expect((await as(rana, 'POST', `/api/events/${event.id}/rsvp`)).statusCode).toBeLessThan(300);
    const form = { title: event.title, description: event.description, location: event.location, dateTime: event.dateTime.toISOString(), maxAttendees: 5 };
    expect((await as(admin, 'PATCH', `/api/events/${event.id}`, { ...form, location: 'The park' })).statusCode).toBe(200);
    const mails = await mailsQueuedBefore(rana.user.email);
    const changed = mails.filter((mail) => mail.subject === 'The place of “Garden day” changed');
    expect(changed, mails.map((mail) => mail.subject).join(' | ')).toHaveLength(1);
    expect(header(changed[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(changed[0]!.text).toMatch(/^Hi Rana,/);
    expectNothingPrivateOf(changed[0]!, admin);
  });

  it('sends nothing for a reply from a member she blocked, nor about a reply held for review', async () => {
    const dina = await member('Dina', 'en', { reply: { mail: 'instant' } });
    const post = await forumPost(dina, 'Quiet corner');
    expect((await as(dina, 'POST', '/api/blocks', { userId: laila.user.id })).statusCode).toBe(201);
    await as(laila, 'POST', `/api/forum/posts/${post.id}/comments`, { content: 'Hello from a blocked one' });
    const newcomer = await t.signInAs('member', { established: false, firstName: 'Hala' });
    expect((await as(newcomer, 'POST', `/api/forum/posts/${post.id}/comments`, { content: 'My first words here' })).statusCode).toBe(201);
    expect(await mailsQueuedBefore(dina.user.email)).toEqual([]);
  });
});

describe('digests', () => {
  it('a daily kind mails nothing at once, then one digest with all of the period; once across two processes, and never again that period', async () => {
    const yara = await member('Yara', 'en');
    const post = await forumPost(yara, 'Book club picks');
    await comment(laila, post.id, 'The Secret Garden');
    await comment(admin, post.id, 'Little Women');
    await comment(laila, post.id, 'Jane Eyre');
    const poetry = await forumPost(laila, 'Poetry corner');
    await comment(yara, poetry.id, 'I love Darwish');
    await comment(admin, poetry.id, 'Ask @Yara T. about Darwish');
    expect(await mailsQueuedBefore(yara.user.email)).toEqual([]);

    // Two processes run the job at the same moment, each in its own transactions (on
    // PostgreSQL over separate connections of the pool): her digest goes once.
    const now = tomorrow();
    const runs = await Promise.all([sendDigests(t.db, SITE, { period: 'daily', timeZone: TIME_ZONE, now }), sendDigests(t.db, SITE, { period: 'daily', timeZone: TIME_ZONE, now })]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    // Again later in the same period (a restart, another process): nothing more.
    expect(await sendDigests(t.db, SITE, { period: 'daily', timeZone: TIME_ZONE, now: new Date(now.getTime() + 3_600_000) })).toBe(0);
    await sendDigests(t.db, SITE, { period: 'weekly', timeZone: TIME_ZONE, now });
    const mails = await mailsQueuedBefore(yara.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your day on Bloom Circle']);
    const [digest] = mails;
    expect(digest!.text).toContain('Laila F. replied in “Book club picks”');
    expect(digest!.text).toContain('Amal T. replied in “Book club picks”');
    expect((digest!.text ?? '').match(/replied in/g)).toHaveLength(3);
    expect(digest!.text).toContain('Amal T. mentioned you in “Poetry corner”');
    expect(digest!.text).toMatch(/No more mail about replies: https:\/\/bloom\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(digest!.text).toMatch(/No more mail about mentions: https:\/\/bloom\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(digest!.text).toContain('Choose which notifications you get, and how: https://bloom.example/settings/notifications');
    expect(digest!.html).toContain('<a href="https://bloom.example/settings/notifications"');
    expect(header(digest!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expectNothingPrivateOf(digest!, laila);
    expect(await t.db.select().from(notificationDigests).where(eq(notificationDigests.userId, yara.user.id))).toHaveLength(1);
  });

  it('a weekly kind waits for the week to end, and a period with nothing sends nothing', async () => {
    const salma = await member('Salma', 'ar-EG', { reply: { mail: 'weekly' } });
    const post = await forumPost(salma, 'Weekend plans');
    await comment(laila, post.id, 'Hiking!');
    expect(await sendDigests(t.db, SITE, { period: 'daily', timeZone: TIME_ZONE, now: tomorrow() })).toBe(0);
    expect(await mailsQueuedBefore(salma.user.email)).toEqual([]);
    expect(await sendDigests(t.db, SITE, { period: 'weekly', timeZone: TIME_ZONE, now: new Date(Date.now() + 7 * 24 * 3_600_000) })).toBe(1);
    const mails = await mailsQueuedBefore(salma.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['أسبوعكِ في Bloom Circle']);
  });
});

describe('event mails follow her choice for their kind', () => {
  const CHOICES = ['instant', 'daily', 'weekly', 'off'] as const;
  /** One member per mail choice for `kind`, each reading English. */
  const onePerChoice = (kind: string, name: string) => Promise.all(CHOICES.map((mail) => member(`${name}${mail[0]!.toUpperCase()}${mail.slice(1)}`, 'en', { [kind]: { mail } })));
  const rsvp = async (who: Someone, eventId: number) => expect((await as(who, 'POST', `/api/events/${eventId}/rsvp`)).statusCode).toBeLessThan(300);
  /** What each got after the cause: at once, then in the day's and the week's digests. */
  async function mailedEach(people: Someone[], about: RegExp) {
    const soon = await Promise.all(people.map(async (who) => (await mailsQueuedBefore(who.user.email)).filter((mail) => about.test(mail.subject ?? ''))));
    await sendDigests(t.db, SITE, { period: 'daily', timeZone: TIME_ZONE, now: tomorrow() });
    await sendDigests(t.db, SITE, { period: 'weekly', timeZone: TIME_ZONE, now: new Date(Date.now() + 7 * 24 * 3_600_000) });
    const later = await Promise.all(people.map(async (who) => (await mailsQueuedBefore(who.user.email)).filter((mail) => mail.subject?.startsWith('Your '))));
    return { soon, later };
  }

  it('a waitlist spot: one mail with its .ics at once, in the digest when daily or weekly, none when off', async () => {
    const event = await createEvent(t.db, { title: 'Pottery evening', maxAttendees: 1 });
    const first = await member('Farida', 'en');
    await rsvp(first, event.id);
    const waiting = await onePerChoice('waitlist_promoted', 'Wafa');
    for (const who of waiting) await rsvp(who, event.id);
    // More room: all four waiting take a spot (the admin's edit changes neither time nor place).
    const form = { title: event.title, description: event.description, location: event.location, dateTime: event.dateTime.toISOString(), maxAttendees: 10 };
    expect((await as(admin, 'PATCH', `/api/events/${event.id}`, form)).statusCode).toBe(200);

    const { soon, later } = await mailedEach(waiting, /Pottery evening/);
    expect(soon.map((mails) => mails.map((mail) => mail.subject))).toEqual([['A spot opened for you: Pottery evening'], [], [], []]);
    const [spot] = soon[0]!;
    expect(spot!.attachments.map((file) => file.filename)).toEqual(['event.ics']);
    expect(header(spot!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(spot!.text).toMatch(/No more mail about waitlist spots: https:\/\/bloom\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(spot!.text).toContain('Choose which notifications you get, and how: https://bloom.example/settings/notifications');
    expect(later.map((mails) => mails.map((mail) => mail.subject))).toEqual([[], ['Your day on Bloom Circle'], ['Your week on Bloom Circle'], []]);
    for (const digest of [later[1]![0]!, later[2]![0]!]) expect(digest.text).toContain(`A spot opened for you at “Pottery evening”: https://bloom.example/events?event=${event.id}`);

    // Her one-click unsubscribe turns the next spot's mail off; the bell still tells her.
    expect((await oneClick(oneClickPath(spot!))).statusCode).toBe(200);
    expect((await preferences(waiting[0]!)).waitlist_promoted).toEqual({ site: true, mail: 'off' });
  });

  it('a reminder: one mail with its .ics at once, in the digest when daily or weekly, none when off; once across two processes', async () => {
    const event = await createEvent(t.db, { title: 'Evening walk', dateTime: new Date(Date.now() + 12 * 3_600_000) });
    const attending = await onePerChoice('event_reminder', 'Rima');
    for (const who of attending) await rsvp(who, event.id);
    // One reminder a transaction: the two sweeps share the four between them, none twice.
    const queued = await Promise.all([queueEventReminders(t.db, SITE, 1), queueEventReminders(t.db, SITE, 1)]);
    expect(queued[0] + queued[1]).toBe(attending.length);

    const { soon, later } = await mailedEach(attending, /^Tomorrow: Evening walk$/);
    expect(soon.map((mails) => mails.length)).toEqual([1, 0, 0, 0]);
    expect(soon[0]![0]!.attachments.map((file) => file.filename)).toEqual(['event.ics']);
    expect(soon[0]![0]!.text).toContain('No more mail about event reminders: https://bloom.example/api/notifications/unsubscribe?token=');
    expect(soon[0]![0]!.text).toContain('https://bloom.example/settings/notifications');
    expect(later.map((mails) => mails.map((mail) => mail.subject))).toEqual([[], ['Your day on Bloom Circle'], ['Your week on Bloom Circle'], []]);
    for (const digest of [later[1]![0]!, later[2]![0]!]) expect(digest.text).toContain('“Evening walk” is coming up soon');
  });

  it('an event change: one mail at once, in the digest when daily or weekly, none when off', async () => {
    const event = await createEvent(t.db, { title: 'Picnic' });
    const attending = await onePerChoice('event_changed', 'Huda');
    for (const who of attending) await rsvp(who, event.id);
    const form = { title: event.title, description: event.description, location: event.location, dateTime: event.dateTime.toISOString() };
    expect((await as(admin, 'PATCH', `/api/events/${event.id}`, { ...form, location: 'The riverside' })).statusCode).toBe(200);

    const { soon, later } = await mailedEach(attending, /changed/);
    expect(soon.map((mails) => mails.map((mail) => mail.subject))).toEqual([['The place of “Picnic” changed'], [], [], []]);
    expect(later.map((mails) => mails.map((mail) => mail.subject))).toEqual([[], ['Your day on Bloom Circle'], ['Your week on Bloom Circle'], []]);
    for (const digest of [later[1]![0]!, later[2]![0]!]) expect(digest.text).toContain(`The place of “Picnic” changed: https://bloom.example/events?event=${event.id}`);
  });
});

describe('one-click unsubscribe', () => {
  it('turns off that kind of mail for her only, once; GET only shows; a forged or used token is a clear 400 that changes nothing; no token in the log', async () => {
    const mona = await member('Mona', 'en', { reply: { mail: 'instant' }, mention: { mail: 'instant' } });
    const hiba = await member('Hiba', 'en', { reply: { mail: 'instant' } });
    const post = await forumPost(mona, 'Rainy days');
    await comment(laila, post.id, 'Tea and books');
    const [mail] = await smtp.waitFor(1, mona.user.email);
    const link = oneClickPath(mail!);

    // Opening it in a browser shows what it does and changes nothing (mail scanners open links).
    const page = await t.request({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop mail about replies?');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await preferences(mona)).reply!.mail).toBe('instant');
    // A forged link: the app's error JSON to a script, the same words on the page to a browser.
    const forged = forge(link);
    const forgedJson = await t.request({ method: 'GET', url: forged });
    expect(forgedJson.statusCode).toBe(400);
    expect(forgedJson.json()).toEqual({ message: 'This unsubscribe link is not valid. You can choose what we mail you in your notification settings.' });
    const forgedPage = await t.request({ method: 'GET', url: forged, headers: { accept: 'text/html' } });
    expect(forgedPage.statusCode).toBe(400);
    expect(forgedPage.headers['content-type']).toMatch(/^text\/html/);
    expect(forgedPage.body).toContain('<html lang="en" dir="ltr">');
    expect(forgedPage.body).toContain('<p>This unsubscribe link is not valid. You can choose what we mail you in your notification settings.</p>');
    expect(forgedPage.body).not.toContain('<form');

    const done = await oneClick(link);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, kinds: ['reply'], message: expect.stringContaining('no more mail about replies') });
    expect(await preferences(mona)).toMatchObject({ reply: { site: true, mail: 'off' }, mention: { mail: 'instant' } });
    expect((await preferences(hiba)).reply!.mail).toBe('instant');

    const again = await oneClick(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: expect.stringContaining('already used') });
    // Opened again, a used link is the same refusal: JSON to a script, a page without a button to a browser.
    const usedJson = await t.request({ method: 'GET', url: link });
    expect(usedJson.statusCode).toBe(400);
    expect(usedJson.json()).toEqual({ message: 'This link was already used: mail about replies is off. You can change it in your notification settings.' });
    const usedPage = await t.request({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(usedPage.statusCode).toBe(400);
    expect(usedPage.body).toContain('This link was already used: mail about replies is off.');
    expect(usedPage.body).not.toContain('<form');
    for (const forged of [forge(link), '/api/notifications/unsubscribe?token=', '/api/notifications/unsubscribe']) {
      const refused = await oneClick(forged);
      expect(refused.statusCode, forged).toBe(400);
      expect(refused.json()).toEqual({ message: expect.any(String) });
    }

    // Her replies are no longer mailed; her mentions and others' replies still are.
    await comment(laila, post.id, 'More tea');
    const hibaPost = await forumPost(hiba, 'Sunny days');
    await comment(laila, hibaPost.id, 'Ice cream');
    expect(await mailsQueuedBefore(mona.user.email)).toHaveLength(1);
    const [hibaMail] = await smtp.waitFor(1, hiba.user.email);

    // A link older than a notification is kept is no longer valid, even before it is deleted.
    await t.db
      .update(notificationUnsubscribeLinks)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(notificationUnsubscribeLinks.userId, hiba.user.id));
    const expired = await oneClick(oneClickPath(hibaMail!));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: expect.stringContaining('not valid') });
    expect((await t.request({ method: 'GET', url: oneClickPath(hibaMail!), headers: { accept: 'text/html' } })).statusCode).toBe(400);
    expect((await preferences(hiba)).reply!.mail).toBe('instant');

    const token = /token=([a-z0-9]+)/.exec(link)![1]!;
    expect(lines.join('\n')).toContain('/api/notifications/unsubscribe');
    expect(lines.join('\n')).not.toContain(token);
  });

  it('shows a calm page in her language, right to left in Arabic, whatever language the browser asks for; its button does what a mail app does', async () => {
    const aya = await member('Aya', 'ar-EG', { reply: { mail: 'instant' } });
    const post = await forumPost(aya, 'أفلام للعطلة');
    await comment(laila, post.id, 'Spirited Away');
    const [mail] = await smtp.waitFor(1, aya.user.email);
    const link = oneClickPath(mail!);
    const browser = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.9' };

    const page = await t.request({ method: 'GET', url: link, headers: browser });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="ar-EG" dir="rtl">');
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toMatch(/<style>[^<]*background:#fdf8f5[^<]*<\/style>/);
    expect(page.body).toContain('<h1>بريد الإشعارات</h1>');
    expect(page.body).toContain('<p>إيقاف البريد عن الردود؟</p>');
    expect(page.body).toContain('<button type="submit">أوقفي هذه الرسائل</button>');
    expect(page.body).toContain('<a href="/settings/notifications">إعدادات الإشعارات</a>');
    expect(page.body).not.toMatch(/\b(left|right)\s*:/);
    expect((await preferences(aya)).reply!.mail).toBe('instant');

    // The button posts the form a mail app posts, to the same address.
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    expect(action).toBe(link);
    const done = await t.request({ method: 'POST', url: action, headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<html lang="ar-EG" dir="rtl">');
    expect(done.body).toContain('<p>تم: لن نرسل بريدًا عن الردود. يمكنكِ إعادة تشغيله من إعدادات الإشعارات.</p>');
    expect((await preferences(aya)).reply!.mail).toBe('off');

    const used = await t.request({ method: 'GET', url: link, headers: browser });
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain('<html lang="ar-EG" dir="rtl">');
    expect(used.body).toContain('استُخدم هذا الرابط من قبل');

    // A link that is no one's: the visitor's own language.
    const forged = await t.request({ method: 'GET', url: '/api/notifications/unsubscribe?token=not-a-real-token', headers: { ...browser, 'accept-language': 'ar' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<html lang="ar-EG" dir="rtl">');
    expect(forged.body).toContain('رابط إلغاء الاشتراك هذا غير صالح');
  });
});
