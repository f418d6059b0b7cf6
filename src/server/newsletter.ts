import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { mailOutbox, newsletterIssues, newsletterSubscriptions, usedNewsletterLinks } from '#db/schema';
import type { NewsletterFrequency } from '#shared/schemas/community';
import { messages } from '#shared/messages';
import { blogSummary } from '#shared/blog-summary';
import { conflict, notFound } from './errors';
import { inPage, type ListOrder, orderBy, type Page, pageIds } from './domains/paging';
import { qualified } from './services/content-query';
import { hashSecretToken as hashOf, newSecretToken } from './auth/secret-token';
import { queueMail } from './mail/outbox';
import { markdownParser } from '#shared/markdown-parser';
import { drawMail, mailHtmlStart, mails, type MailSite } from './mail/templates';
import { m } from '#i18n/messages';
import { LOCALES, type Locale } from '#shared/i18n/locale';
import { inLocale } from './i18n';

const n = messages.newsletter;
const byEmail = (email: string) => eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase());

/**
 * A visitor subscribes (double opt-in). Nothing counts, and an existing subscription's
 * frequency doesn't change, until the link mailed to the address is opened: posting someone
 * else's email can neither subscribe her nor change her settings. The answer is the same
 * whether or not the address was subscribed. A new subscription keeps the language it was
 * asked in, for its confirmation mail and the frame of every issue.
 */
export async function requestSubscription(db: Db, site: MailSite, email: string, frequency: NewsletterFrequency, locale: Locale) {
  const token = newSecretToken(24);
  await db.transaction(async (tx) => {
    const pending = { confirmTokenHash: hashOf(token), pendingFrequency: frequency };
    const [inserted] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, frequency, locale, ...pending })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (!inserted) await tx.update(newsletterSubscriptions).set(pending).where(byEmail(email));
    await queueMail(tx, mails.newsletterConfirm(site, { email, locale }, frequency, token));
  });
  return { email, frequency, message: n.confirmSent(email) };
}

/**
 * The link from the confirmation mail: the subscription counts, at the frequency it asked for.
 * Opened again while the subscription lasts, it says so (`already`) instead of "invalid".
 */
export async function confirmSubscription(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())`, frequency: sql`coalesce(${newsletterSubscriptions.pendingFrequency}, ${newsletterSubscriptions.frequency})`, confirmTokenHash: null, pendingFrequency: null })
      .where(eq(newsletterSubscriptions.confirmTokenHash, hashOf(token)))
      .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, frequency: newsletterSubscriptions.frequency });
    if (!row) {
      if (await usedBefore(tx, token, 'confirm')) return { already: true as const, message: n.alreadySubscribed };
      throw notFound(n.confirmInvalid);
    }
    await tx.insert(usedNewsletterLinks).values({ tokenHash: hashOf(token), kind: 'confirm', subscriptionId: row.id }).onConflictDoNothing();
    return { email: row.email, frequency: row.frequency, message: n.confirmed };
  });
}

/**
 * The one-click link of every issue (RFC 8058): works without signing in. Opened again it says
 * she is already unsubscribed (`already`); a forged token is a 404.
 */
export async function unsubscribe(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.unsubscribeToken, token)).returning({ email: newsletterSubscriptions.email });
    if (!row) {
      if (await usedBefore(tx, token, 'unsubscribe')) return { success: true as const, already: true as const, message: n.alreadyUnsubscribed };
      throw notFound(n.unsubscribeInvalid);
    }
    await tx.insert(usedNewsletterLinks).values({ tokenHash: hashOf(token), kind: 'unsubscribe' }).onConflictDoNothing();
    return { success: true as const, message: n.unsubscribed };
  });
}

async function usedBefore(db: Db, token: string, kind: 'confirm' | 'unsubscribe') {
  const [used] = await db
    .select({ kind: usedNewsletterLinks.kind })
    .from(usedNewsletterLinks)
    .where(and(eq(usedNewsletterLinks.tokenHash, hashOf(token)), eq(usedNewsletterLinks.kind, kind)))
    .limit(1);
  return Boolean(used);
}

/** Placeholders replaced per subscriber when an issue is queued, so the issue is drawn once. */
const UNSUBSCRIBE_URL = '{{unsubscribe_url}}';

/**
 * An issue as a mail: the markdown as text, rendered (raw HTML off) as HTML, and a footer with
 * the unsubscribe link. The issue is the admin's words; the footer is in the language being worded.
 */
function issueMail(site: MailSite, issue: { subject: string; markdown: string }, to: string) {
  const mail = drawMail(site, 'newsletter_issue', to, { subject: issue.subject, greeting: '', paragraphs: [] });
  const footer = m.mail_issue_footer({ siteName: site.name });
  const unsubscribe = m.mail_issue_unsubscribe();
  return {
    ...mail,
    text: `${issue.markdown}\n\n--\n${footer} ${unsubscribe}: ${UNSUBSCRIBE_URL}`,
    html: `${mailHtmlStart()}${markdownParser.render(issue.markdown)}<hr style="border:none;border-top:1px solid #eee;margin:24px 0"><p style="font-size:13px;color:#6b6270">${escapeHtml(footer)} <a href="${UNSUBSCRIBE_URL}">${escapeHtml(unsubscribe)}</a></p></body></html>`,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Sends an issue to every confirmed subscriber of its frequency: one INSERT ... SELECT per language
 * puts a mail per subscriber in the outbox, each with her own one-click unsubscribe link and the
 * List-Unsubscribe headers (RFC 8058). An issue goes out once (409 after).
 */
export async function sendIssue(db: Db, site: MailSite, id: number) {
  return db.transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for('update');
    if (!issue) throw notFound(n.issueNotFound);
    if (issue.sentAt) throw conflict(n.issueAlreadySent);
    const unsubscribeUrl = sql`${`${site.url}/newsletter/unsubscribe?token=`} || ${newsletterSubscriptions.unsubscribeToken}`;
    const oneClickUrl = sql`${`${site.url}/api/newsletter/unsubscribe?token=`} || ${newsletterSubscriptions.unsubscribeToken}`;
    // The issue drawn once per language, each to the subscribers who read it (no language: English).
    for (const locale of LOCALES) {
      const mail = inLocale(locale, () => issueMail(site, issue, ''));
      const readsIt = sql`coalesce(${newsletterSubscriptions.locale}::text, 'en') = ${locale}`;
      await tx.execute(sql`
        insert into ${mailOutbox} (kind, recipient, subject, text, html, headers, issue_id)
        select 'newsletter_issue', ${newsletterSubscriptions.email}, ${issue.subject},
          replace(${mail.text}, ${UNSUBSCRIBE_URL}, ${unsubscribeUrl}),
          replace(${mail.html}, ${UNSUBSCRIBE_URL}, ${unsubscribeUrl}),
          jsonb_build_object('List-Unsubscribe', '<' || ${oneClickUrl} || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
          ${issue.id}
        from ${newsletterSubscriptions}
        where ${newsletterSubscriptions.confirmedAt} is not null and ${newsletterSubscriptions.frequency} = ${issue.frequency} and ${readsIt}
      `);
    }
    await tx.update(newsletterIssues).set({ sentAt: sql`now()` }).where(eq(newsletterIssues.id, id));
    const [queued] = await tx.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.issueId, id));
    return { success: true as const, message: n.issueQueued(queued?.n ?? 0), id, queued: queued?.n ?? 0 };
  });
}

/** A test send of an issue to the admin herself, before it goes to everyone; `limit` runs (and may refuse) once the issue is found. */
export async function sendTestIssue(db: Db, site: MailSite, id: number, to: string, limit: () => Promise<void>) {
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).limit(1);
  if (!issue) throw notFound(n.issueNotFound);
  await limit();
  const mail = issueMail(site, { ...issue, subject: m.mail_issue_test_subject({ subject: issue.subject }) }, to);
  const sample = `${site.url}/newsletter/unsubscribe`;
  await queueMail(db, { ...mail, kind: 'newsletter_test', text: mail.text.replaceAll(UNSUBSCRIBE_URL, sample), html: mail.html.replaceAll(UNSUBSCRIBE_URL, sample) });
  return { success: true as const, message: n.testSent(to) };
}

/**
 * The public archive: sent issues only, newest first, each with a short plain-text excerpt of
 * its body. Nothing about who received it or who wrote it.
 */
export async function listSentIssues(db: Db, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ id: newsletterIssues.id, subject: newsletterIssues.subject, sentAt: newsletterIssues.sentAt, markdown: newsletterIssues.markdown })
    .from(newsletterIssues)
    .where(isNotNull(newsletterIssues.sentAt))
    .orderBy(desc(newsletterIssues.sentAt), desc(newsletterIssues.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ markdown, sentAt, ...row }) => ({ ...row, sentAt: sentAt!, excerpt: blogSummary({ excerpt: '', content: markdown }) }));
}

/** One sent issue of the archive, its whole markdown; an unsent or unknown one is a 404. */
export async function sentIssue(db: Db, id: number) {
  const [row] = await db
    .select({ id: newsletterIssues.id, subject: newsletterIssues.subject, sentAt: newsletterIssues.sentAt, markdown: newsletterIssues.markdown })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), isNotNull(newsletterIssues.sentAt)))
    .limit(1);
  if (!row) throw notFound(n.issueNotFound);
  return { ...row, sentAt: row.sentAt! };
}

/** Issues, newest first, with how many of their mails wait, went out and failed. */
export async function listIssues(db: Db, page: Page) {
  const order: ListOrder = { column: newsletterIssues.createdAt, direction: 'desc' };
  const ids = pageIds(db, newsletterIssues, newsletterIssues.id, undefined, order, page);
  const countOf = (status: string) => sql<number>`(select count(*) from ${mailOutbox} where ${qualified(mailOutbox.issueId)} = ${qualified(newsletterIssues.id)} and ${qualified(mailOutbox.status)} ${status === 'queued' ? sql`in ('queued', 'sending')` : sql`= ${status}`})`.mapWith(Number);
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      markdown: newsletterIssues.markdown,
      frequency: newsletterIssues.frequency,
      sentAt: newsletterIssues.sentAt,
      createdAt: newsletterIssues.createdAt,
      queued: countOf('queued'),
      sent: countOf('sent'),
      failed: countOf('failed'),
    })
    .from(newsletterIssues)
    .innerJoin(ids, inPage(ids, newsletterIssues.id))
    .orderBy(...orderBy(order, newsletterIssues.id));
}

/** How many confirmed subscribers each frequency has (what a send would reach), and how many wait for confirmation. */
export async function subscriberCounts(db: Db) {
  const rows = await db
    .select({ frequency: newsletterSubscriptions.frequency, n: sql<number>`count(*)::int` })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt))
    .groupBy(newsletterSubscriptions.frequency);
  const [unconfirmed] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscriptions).where(isNull(newsletterSubscriptions.confirmedAt));
  return { confirmed: Object.fromEntries(rows.map((row) => [row.frequency, row.n])) as Partial<Record<NewsletterFrequency, number>>, unconfirmed: unconfirmed?.n ?? 0 };
}
