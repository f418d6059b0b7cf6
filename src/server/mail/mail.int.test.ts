import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, newsletterSubscriptions, users } from '#db/schema';
import { messages } from '#shared/messages';
import { createUser, validApplication } from '../test/factories';
import { queueMail } from './outbox';
import { trpcRequest } from '../test/procedures';
import { capturedLog, createTestApp, createTestAppWithMail, type MailTestApp, type TestApp } from '../test/test-app';

/**
 * Mail through a real SMTP conversation: the outbox is written with the change, the worker
 * hands it to the test's SMTP server, and the tests read what arrived.
 */
let t: MailTestApp;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;

beforeAll(async () => {
  t = await createTestAppWithMail({ env: { MAIL_FROM: '"Bloom Circle" <hello@bloom.test>' }, mailWorker: { maxAttempts: 8, serverAwayRetryMs: 50 } });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t.close();
});

const apply = (payload: object) => t.request({ method: 'POST', url: '/api/join-request', payload });

/**
 * Every mail to this address that was queued before now, read once a mail queued now has
 * arrived: the worker sends in queue order, so a mail still missing then was never queued.
 * Absence is shown by this later mail, never by waiting a while.
 */
async function mailsQueuedBefore(address: string) {
  const subject = `sentinel ${Math.random()}`;
  await queueMail(t.db, { kind: 'test', to: address, subject, text: subject, html: subject });
  await expect.poll(() => t.smtp.to(address).some((mail) => mail.subject === subject)).toBe(true);
  return t.smtp.to(address).filter((mail) => mail.subject !== subject);
}

describe('applications', () => {
  it('mail the applicant that her application arrived, in text and HTML, from MAIL_FROM', async () => {
    const application = validApplication();
    expect((await apply(application)).statusCode).toBe(201);
    const [mail] = await t.smtp.waitFor(1, application.email);
    expect(mail!.subject).toBe('We received your application to Bloom Circle');
    expect(mail!.from?.text).toBe('"Bloom Circle" <hello@bloom.test>');
    // Her address is nobody's confirmed one yet: no name, and a link to confirm it.
    expect(mail!.text).toMatch(/^Hi,\n/);
    expect(mail!.text).toMatch(/Confirm my email: http:\/\/localhost:\d+\/verify-email\?token=[a-z0-9]+/);
    expect(mail!.html).toContain('<p');
    expect(mail!.html).not.toMatch(/<img/i);
    // The worker records the delivery just after the server's answer.
    await expect.poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, application.email)))[0]).toMatchObject({ kind: 'application_received', status: 'sent', attempts: 1 });
  });

  it('answer a known email exactly as a new one, create nothing, and mail the owner instead', async () => {
    const member = await t.signInAs('member');
    const before = await t.db.select({ id: users.id }).from(users);
    const fresh = await apply(validApplication());
    const known = await apply({ ...validApplication(), email: member.user.email.toUpperCase() });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    expect(known.json()).toEqual({ message: messages.signup.success('Bloom Circle') });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before.length + 1);
    const [mail] = await t.smtp.waitFor(1, member.user.email);
    expect(mail!.subject).toBe('Someone applied to Bloom Circle with your email');
    expect(mail!.text).toContain('Someone applied with your email. If it was you, sign in or reset your password.');
  });

  it('mail the decision: approved with a sign-in link, not approved with the admin\'s reason', async () => {
    const approved = validApplication();
    const rejected = validApplication();
    await apply(approved);
    await apply(rejected);
    const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    expect((await t.request({ method: 'PATCH', url: `/api/admin/users/${await idOf(approved.email)}/approval`, cookie: admin.cookie, payload: { isApproved: true } })).statusCode).toBe(200);
    const viaTrpc = await trpcRequest(t.app, { path: 'admin.users.setApproval', type: 'mutation', input: { userId: await idOf(rejected.email), isApproved: false, reason: 'Please tell us a little more about yourself.' }, cookie: admin.cookie });
    expect(viaTrpc.statusCode).toBe(200);

    const subjectOf = async (email: string, subject: string) => (await t.smtp.waitFor(2, email)).find((mail) => mail.subject === subject);
    const welcome = (await subjectOf(approved.email, 'Welcome to Bloom Circle!'))!;
    expect(welcome.text).toMatch(/Sign in: http:\/\/localhost:\d+\/login/);
    const decision = (await subjectOf(rejected.email, 'Your application to Bloom Circle'))!;
    expect(decision.text).toContain('Their note: Please tell us a little more about yourself.');

    // Approving again changes nothing and sends nothing.
    const sent = t.smtp.to(approved.email).length;
    await t.request({ method: 'PATCH', url: `/api/admin/users/${await idOf(approved.email)}/approval`, cookie: admin.cookie, payload: { isApproved: true } });
    expect(await mailsQueuedBefore(approved.email)).toHaveLength(sent);
  });
});

describe('in the applicant’s language', () => {
  const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const approve = async (email: string) =>
    expect((await t.request({ method: 'PATCH', url: `/api/admin/users/${await idOf(email)}/approval`, cookie: admin.cookie, payload: { isApproved: true } })).statusCode).toBe(200);

  it('write her received and approval mails in Arabic when she applied in Arabic, whatever the admin reads', async () => {
    const application = validApplication();
    expect((await t.request({ method: 'POST', url: '/api/join-request', payload: application, headers: { cookie: 'locale=ar-EG' } })).statusCode).toBe(201);
    expect((await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, application.email)))[0]).toEqual({ locale: 'ar-EG' });
    const [received] = await t.smtp.waitFor(1, application.email);
    expect(received!.subject).toBe('وصلنا طلب انضمامكِ إلى Bloom Circle');
    expect(received!.text).toMatch(/^أهلًا،\n/);
    expect(received!.text).toContain('فريق Bloom Circle');
    expect(received!.html).toContain('<html lang="ar-EG" dir="rtl">');

    await approve(application.email);
    const welcome = (await t.smtp.waitFor(2, application.email)).find((mail) => mail.subject === 'أهلًا بكِ في Bloom Circle!')!;
    expect(welcome.text).toMatch(/سجّلي الدخول: http:\/\/localhost:\d+\/login/);
    // Approved, but her address unconfirmed: still no name.
    expect(welcome.text).toMatch(/^أهلًا،\n/);
    expect(welcome.html).toContain('dir="rtl"');
  });

  it('keep them in English for one who applied in English, even if the admin reads Arabic', async () => {
    const application = validApplication();
    expect((await t.request({ method: 'POST', url: '/api/join-request', payload: application, headers: { 'accept-language': 'en-GB,en' } })).statusCode).toBe(201);
    const [received] = await t.smtp.waitFor(1, application.email);
    expect(received!.subject).toBe('We received your application to Bloom Circle');
    expect(received!.text).toContain('Thank you for applying to join Bloom Circle. A moderator will review your application soon, and we will write to you as soon as they have.');
    expect(received!.text).toContain('The Bloom Circle team');
    expect(received!.html).toContain('<html lang="en" dir="ltr">');

    const id = await idOf(application.email);
    const approved = await t.request({ method: 'PATCH', url: `/api/admin/users/${id}/approval`, cookie: `${admin.cookie}; locale=ar-EG`, payload: { isApproved: true } });
    expect(approved.statusCode).toBe(200);
    const welcome = (await t.smtp.waitFor(2, application.email)).find((mail) => mail.subject === 'Welcome to Bloom Circle!')!;
    expect(welcome.text).toContain('Good news: your application was approved.');
  });
});

describe('decisions made in Edit User, and applicants still waiting', () => {
  it('mail the decision too, and tell a pending applicant who applies again that she is in line', async () => {
    const application = validApplication();
    await apply(application);
    const [row] = await t.db.select().from(users).where(eq(users.email, application.email));
    // Applying again while pending: she can't sign in yet, so the mail doesn't say to.
    await apply(application);
    const known = (await t.smtp.waitFor(2, application.email)).find((mail) => mail.subject === 'Someone applied to Bloom Circle with your email')!;
    expect(known.text).toContain('Your application is already waiting for a moderator');
    expect(known.text).not.toContain('sign in');

    const edit = await trpcRequest(t.app, {
      path: 'admin.users.update',
      type: 'mutation',
      input: { id: row!.id, email: row!.email, firstName: row!.firstName, lastName: row!.lastName, isApproved: true, isAdmin: false },
      cookie: admin.cookie,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const welcome = (await t.smtp.waitFor(3, application.email)).find((mail) => mail.subject === 'Welcome to Bloom Circle!');
    expect(welcome).toBeDefined();
  });
});

describe('the outbox', () => {
  it('keeps mail while the mail server is down, retries, and delivers each mail exactly once when it is back', async () => {
    await t.smtp.stop();
    const applications = [validApplication(), validApplication(), validApplication()];
    for (const application of applications) expect((await apply(application)).statusCode).toBe(201);
    // The worker tries and puts the mail back: a server it can't reach is no fault of the mail's,
    // so no attempt counts, and it tries again soon (serverAwayRetryMs) rather than later and later.
    const pending = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'application_received'))).filter((row) => applications.some((application) => application.email === row.recipient));
    await expect.poll(async () => (await pending()).every((row) => row.lastError !== null)).toBe(true);
    // Tried again and again, yet at most the try in hand counts.
    await expect.poll(async () => (await pending()).some((row) => row.status === 'queued' && row.attempts === 0)).toBe(true);
    expect((await pending()).every((row) => row.attempts <= 1)).toBe(true);
    expect((await pending()).every((row) => row.status !== 'sent')).toBe(true);

    await t.smtp.start();
    for (const application of applications) await t.smtp.waitFor(1, application.email);
    const statuses = async () => (await t.db.select().from(mailOutbox)).filter((row) => applications.some((application) => application.email === row.recipient)).map((row) => row.status);
    await expect.poll(statuses).toEqual(['sent', 'sent', 'sent']);
    for (const application of applications) expect(await mailsQueuedBefore(application.email)).toHaveLength(1);
  });

  it('is listed for admins without any body, and only for admins', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/admin/mail', cookie: admin.cookie })).json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(3);
    expect(Object.keys(list[0]!).sort()).toEqual(['attempts', 'createdAt', 'id', 'kind', 'lastError', 'recipient', 'sentAt', 'status', 'subject']);
    const member = await t.signInAs('member');
    expect((await t.request({ method: 'GET', url: '/api/admin/mail', cookie: member.cookie })).statusCode).toBe(403);
  });
});

describe('without a mail server', () => {
  it('keeps mail in the outbox, printed once to the log outside production', async () => {
    const { lines, logger } = capturedLog('info');
    const quiet = await createTestApp({ logger, mailWorker: { pollMs: 30 } });
    try {
      const application = validApplication();
      expect((await quiet.request({ method: 'POST', url: '/api/join-request', payload: application })).statusCode).toBe(201);
      const printed = () => lines.filter((line) => line.includes(application.email));
      await expect.poll(async () => (await quiet.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, application.email)))[0]?.printedAt).not.toBeNull();
      // Later runs of the worker (every 30 ms) print it no more: a second mail, printed after it, shows they ran.
      const later = validApplication();
      expect((await quiet.request({ method: 'POST', url: '/api/join-request', payload: later })).statusCode).toBe(201);
      await expect.poll(() => lines.some((line) => line.includes(later.email))).toBe(true);
      expect(printed()).toHaveLength(1);
      expect(printed()[0]).toContain('We received your application');
      const [row] = await quiet.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, application.email));
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      expect(row!.printedAt).not.toBeNull();
    } finally {
      await quiet.close();
    }
  });
});

describe('the first mail to an address nobody has confirmed', () => {
  // Words a stranger could type to have the site mail them to anyone.
  const typedBy = (marker: string) => ({
    ...validApplication(),
    firstName: `friend! Your account is locked, verify at http://${marker}.example/now now`,
    lastName: `Surname${marker}`,
    interests: `Interests ${marker} http://${marker}.example/interests`,
    bio: `Bio ${marker}: send your password to http://${marker}.example/bio today`,
    password: `Pass${marker}123`,
  });
  const traces = (application: ReturnType<typeof typedBy>, marker: string) => [marker, application.firstName, application.lastName, application.interests, application.bio, application.password, String(application.age)];
  const expectNoTrace = (mail: { subject?: string; text?: string; html?: string | false }, words: string[]) => {
    for (const word of words) {
      expect(mail.subject).not.toContain(word);
      expect(mail.text).not.toContain(word);
      expect(mail.html || '').not.toContain(word);
    }
  };

  it('greets no one by name and holds no field the applicant typed, on a first and a second application', async () => {
    const first = typedBy('zq1marker');
    expect((await apply(first)).statusCode).toBe(201);
    const [received] = await t.smtp.waitFor(1, first.email);
    expect(received!.text).toMatch(/^Hi,\n/);
    expectNoTrace(received!, traces(first, 'zq1marker'));

    // Someone applies again with the address: its owner's mail carries neither application's words.
    const second = { ...typedBy('zq2marker'), email: first.email };
    expect((await apply(second)).statusCode).toBe(201);
    const again = (await t.smtp.waitFor(2, first.email)).find((mail) => mail.subject === 'Someone applied to Bloom Circle with your email')!;
    expect(again.text).toMatch(/^Hi,\n/);
    expectNoTrace(again, [...traces(first, 'zq1marker'), ...traces(second, 'zq2marker')]);
    // Still waiting and unconfirmed: a new link to confirm comes with it.
    expect(again.text).toMatch(/\/verify-email\?token=[a-z0-9]+/);
    // Neither mail's body is shown to admins.
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, first.email));
    expect(rows.map((row) => row.holdsSecret)).toEqual([true, true]);
  });

  it('greets by name once the address was confirmed', async () => {
    const application = validApplication();
    await apply(application);
    const token = /verify-email\?token=([a-z0-9]+)/.exec((await t.smtp.waitFor(1, application.email))[0]!.text ?? '')![1]!;
    expect((await t.request({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode).toBe(200);
    await apply({ ...validApplication(), email: application.email, firstName: 'Mallory' });
    const again = (await t.smtp.waitFor(2, application.email)).at(-1)!;
    expect(again.text).toMatch(new RegExp(`^Hi ${application.firstName},\\n`));
    expect(again.text).not.toContain('Mallory');
    expect(again.text).not.toMatch(/token=/);
  });
});

describe('confirming an application\'s address', () => {
  const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const confirmedAt = async (email: string) => (await t.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.email, email)))[0]!.at;
  const linkIn = async (email: string, count = 1) => /verify-email\?token=([a-z0-9]+)/.exec((await t.smtp.waitFor(count, email)).at(-1)!.text ?? '')![1]!;

  it('confirms it once through the mailed link, on both APIs; a used link says so calmly, a forged or empty one is a 400 that changes nothing', async () => {
    const viaRest = validApplication();
    const viaTrpc = validApplication();
    await apply(viaRest);
    await apply(viaTrpc);
    expect(await confirmedAt(viaRest.email)).toBeNull();
    const restToken = await linkIn(viaRest.email);
    // The token is stored only as its hash.
    expect((await t.db.select().from(accountTokens).where(eq(accountTokens.userId, await idOf(viaRest.email)))).map((row) => row.id)).not.toContain(restToken);

    const confirmed = await t.request({ method: 'POST', url: '/api/verify-email', payload: { token: restToken } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: messages.account.emailConfirmed });
    expect(await confirmedAt(viaRest.email)).toBeInstanceOf(Date);
    const reused = await t.request({ method: 'POST', url: '/api/verify-email', payload: { token: restToken } });
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toEqual({ success: true, already: true, message: messages.account.linkUsed });

    for (const payload of [{ token: 'x'.repeat(43) }, {}, { token: '' }]) expect((await t.request({ method: 'POST', url: '/api/verify-email', payload })).statusCode).toBe(400);
    expect(await confirmedAt(viaTrpc.email)).toBeNull();
    const trpcAnswer = await trpcRequest(t.app, { path: 'auth.confirmEmail', type: 'mutation', input: { token: await linkIn(viaTrpc.email) } });
    expect(trpcAnswer.statusCode).toBe(200);
    expect(await confirmedAt(viaTrpc.email)).toBeInstanceOf(Date);
  });

  it('lists confirmed applications first in the admins\' queue and marks the others, on both APIs and across pages', async () => {
    const unconfirmed = validApplication();
    const confirmed = validApplication();
    await apply(unconfirmed);
    await apply(confirmed);
    await t.request({ method: 'POST', url: '/api/verify-email', payload: { token: await linkIn(confirmed.email) } });
    type Pending = { id: number; email: string; emailConfirmed: boolean };
    const list = (await t.request({ method: 'GET', url: '/api/admin/pending-users?limit=100', cookie: admin.cookie })).json() as Pending[];
    const flags = list.map((row) => row.emailConfirmed);
    // Every confirmed one before every unconfirmed one.
    expect(flags).toEqual([...flags].sort((x, y) => Number(y) - Number(x)));
    expect(list.find((row) => row.email === confirmed.email)?.emailConfirmed).toBe(true);
    expect(list.find((row) => row.email === unconfirmed.email)?.emailConfirmed).toBe(false);
    expect(list.findIndex((row) => row.email === confirmed.email)).toBeLessThan(list.findIndex((row) => row.email === unconfirmed.email));

    // Walking it a page of two at a time by keyset gives the same list, none repeated or skipped.
    const walked: Pending[] = [];
    for (let cursor: number | null = null; ; ) {
      const answer = await trpcRequest(t.app, { path: 'admin.users.pending', type: 'query', input: { limit: 2, cursor }, cookie: admin.cookie });
      const page = answer.json().result.data as Pending[];
      walked.push(...page);
      if (page.length < 2) break;
      cursor = page.at(-1)!.id;
    }
    expect(walked.map((row) => row.id)).toEqual(list.map((row) => row.id));
  });

  it('lets an admin approve an unconfirmed application; her settings then refuse the newsletter until the address is confirmed', async () => {
    const application = validApplication();
    await apply(application);
    const token = await linkIn(application.email);
    expect((await t.request({ method: 'PATCH', url: `/api/admin/users/${await idOf(application.email)}/approval`, cookie: admin.cookie, payload: { isApproved: true } })).statusCode).toBe(200);
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { email: application.email, password: application.password } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const refused = await t.request({ method: 'PUT', url: '/api/newsletter/subscription', cookie, payload: { subscribed: true, frequency: 'weekly' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.account.newsletterNeedsConfirmedEmail });
    const viaTrpc = await trpcRequest(t.app, { path: 'auth.account.setNewsletter', type: 'mutation', input: { subscribed: true, frequency: 'weekly' }, cookie });
    expect(viaTrpc.statusCode).toBe(409);
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, application.email))).toEqual([]);

    // Her own link, opened after approval, confirms it.
    expect((await t.request({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: '/api/newsletter/subscription', cookie, payload: { subscribed: true, frequency: 'weekly' } })).statusCode).toBe(200);
  });

  it('counts an email change or a password reset confirmed by link as a confirmed address', async () => {
    for (const route of ['email change', 'password reset'] as const) {
      const application = validApplication();
      await apply(application);
      await t.request({ method: 'PATCH', url: `/api/admin/users/${await idOf(application.email)}/approval`, cookie: admin.cookie, payload: { isApproved: true } });
      if (route === 'password reset') {
        await t.request({ method: 'POST', url: '/api/password-reset', payload: { email: application.email } });
        const reset = (await t.smtp.waitFor(3, application.email)).find((mail) => mail.subject === 'Reset your Bloom Circle password')!;
        const token = /token=([a-z0-9]+)/.exec(reset.text ?? '')![1]!;
        expect((await t.request({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'Another123x' } })).statusCode).toBe(200);
        expect(await confirmedAt(application.email)).toBeInstanceOf(Date);
      } else {
        const login = await t.request({ method: 'POST', url: '/api/login', payload: { email: application.email, password: application.password } });
        const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        const newEmail = `moved-${application.email}`;
        expect((await t.request({ method: 'POST', url: '/api/profile/email', cookie, payload: { email: newEmail, password: application.password } })).statusCode).toBe(200);
        const [change] = await t.smtp.waitFor(1, newEmail);
        expect(change!.text).toMatch(/^Hi,\n/);
        const token = /token=([a-z0-9]+)/.exec(change!.text ?? '')![1]!;
        expect((await t.request({ method: 'POST', url: '/api/profile/email/confirm', payload: { token } })).statusCode).toBe(200);
        expect(await confirmedAt(newEmail)).toBeInstanceOf(Date);
      }
    }
  });

  it('counts members and admins from before as confirmed (the migration), not applications still waiting', async () => {
    const member = await createUser(t.db, { emailConfirmed: false });
    const waiting = await createUser(t.db, { status: 'pending', emailConfirmed: false });
    const backfill = readFileSync(new URL('../../../db/migrations/0026_confirm_existing_members_emails.sql', import.meta.url), 'utf8');
    // Replayed on today's schema, where the admin flag it reads is the role (0029_staff_roles).
    await t.db.execute(sql.raw(backfill.replace('"is_admin"', `"role" = 'admin'`)));
    const at = async (id: number) => (await t.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)))[0]!.at;
    expect(await at(member.id)).toBeInstanceOf(Date);
    expect(await at(waiting.id)).toBeNull();
  });
});
