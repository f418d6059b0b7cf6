import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client';
import { notificationDigests, notifications, notificationUnsubscribeLinks, users } from '#db/schema';
import { READ_NOTIFICATION_DAYS, type NotificationKind } from '#shared/notifications';
import { messages } from '#shared/messages';
import { hashSecretToken, newSecretToken } from '../auth/secret-token';
import { badRequest, badRequestIn } from '../errors';
import { inLocale } from '../i18n';
import { queueMailJobs } from '../mail/jobs';
import { queueMail } from '../mail/outbox';
import { confirmedName, kindNames, mailLocale, mails, type MailNotification, type MailSite, type UnsubscribeLinks } from '../mail/templates';
import { notificationViews } from './inbox';
import { mailChoiceSql, turnMailOff } from './preferences';

/**
 * Kinds whose cause mails her itself, with more than a notification can say (the waitlist spot
 * and the reminder carry the event's time and an .ics): the cause sends that mail, and only to
 * those who chose 'instant' (mailedAtOnce); no job here draws a second one.
 */
const MAILED_BY_THEIR_CAUSE: readonly NotificationKind[] = ['waitlist_promoted', 'event_reminder'];

/** A digest lists this many notifications at most; the rest are counted ("and 12 more"). */
export const DIGEST_MAX_ITEMS = 50;

/** The periods a digest gathers. */
export type DigestPeriod = 'daily' | 'weekly';

/**
 * Issues her one-click unsubscribe links for these kinds, each a random token of which only the
 * hash is kept: one per kind (the body's) and one for all of them (the header's).
 */
export async function unsubscribeLinks(tx: Db, site: MailSite, userId: number, kinds: NotificationKind[]): Promise<UnsubscribeLinks> {
  const issue = async (forKinds: NotificationKind[]) => {
    const token = newSecretToken(24);
    await tx.insert(notificationUnsubscribeLinks).values({ tokenHash: hashSecretToken(token), userId, kinds: forKinds });
    return new URL(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, site.url).toString();
  };
  const perKind: UnsubscribeLinks['perKind'] = {};
  for (const kind of kinds) perKind[kind] = await issue([kind]);
  return { all: kinds.length === 1 ? perKind[kinds[0]!]! : await issue(kinds), perKind };
}

/**
 * Of these members, those who get a kind by mail at once (her choice, else the kind's
 * default): a cause that mails her itself (MAILED_BY_THEIR_CAUSE) mails only them. The others
 * find it in their digest, or get no mail of it.
 */
export async function mailedAtOnce(tx: Db, kind: NotificationKind, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), sql`${mailChoiceSql(users.id, sql`${kind}::notification_kind`)} = 'instant'`));
  return new Set(rows.map((row) => row.id));
}

/**
 * Of notifications just written (in the cause's transaction), those of a kind she has mailed
 * at once are marked mailed, so no digest repeats them, and each gets a mail job in the same
 * transaction, drawn by the mail worker (which knows the site); the kinds whose cause mails her
 * itself get no job.
 */
export async function queueInstantMail(tx: Db, written: { id: number; userId: number; kind: NotificationKind }[]): Promise<void> {
  if (!written.length) return;
  const instant = await tx
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(and(inArray(notifications.id, written.map((row) => row.id)), sql`${mailChoiceSql(notifications.userId, notifications.kind)} = 'instant'`))
    .returning({ id: notifications.id, kind: notifications.kind });
  // No address in the job rows: the worker looks her up when it draws the mail.
  const jobs = instant.filter((row) => !MAILED_BY_THEIR_CAUSE.includes(row.kind)).map((row) => ({ recipient: '', job: { type: 'notification' as const, notificationId: row.id } }));
  await queueMailJobs(tx, 'notification', jobs);
}

/** Her notifications with what a mail says of them: the actor's display name, never her email or id. */
async function mailItems(tx: Db, userId: number, where: SQL | undefined) {
  const views = await notificationViews(tx, userId, { where, order: 'oldest' });
  return views.map((view): MailNotification & { id: number } => ({ id: view.id, kind: view.kind, actor: view.actor, title: view.target.title, detail: view.detail, href: view.href }));
}

const recipientOf = (tx: Db, userId: number) =>
  tx
    .select({ email: users.email, locale: users.locale, firstName: users.firstName, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);

/** The mail worker's job for an instant notification: drawn in her language, with its unsubscribe links. */
export async function runNotificationMailJob(tx: Db, site: MailSite, notificationId: number): Promise<void> {
  const [row] = await tx.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.id, notificationId));
  if (!row) return; // deleted since: nothing to tell
  const [item] = await mailItems(tx, row.userId, eq(notifications.id, notificationId));
  const recipient = await recipientOf(tx, row.userId);
  if (!item || !recipient) return;
  const links = await unsubscribeLinks(tx, site, row.userId, [item.kind]);
  await queueMail(tx, mails.notification(site, recipient, confirmedName(recipient), item, links));
}

/**
 * The period just ended before `now`, in the site's time zone: a daily digest covers her
 * yesterday, a weekly one last Monday to Sunday, as the community lives them.
 */
async function lastPeriod(db: Db, period: DigestPeriod, now: Date, timeZone: string): Promise<{ start: Date; end: Date }> {
  const unit = period === 'daily' ? 'day' : 'week';
  const local = sql`date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  const [row] = rowsOf<{ start: string | Date; end: string | Date }>(
    await db.execute(sql`select (${local} - ${`1 ${unit}`}::interval) at time zone ${timeZone} as "start", ${local} at time zone ${timeZone} as "end"`),
  );
  return { start: new Date(row!.start), end: new Date(row!.end) };
}

/** Members whom one run looks at, at most: the next run takes the rest. */
const DIGEST_BATCH = 200;

/**
 * Sends the digests of the period that just ended: for each member with unread notifications
 * of that period, not mailed, of kinds she gets in that digest, one transaction inserts her
 * (member, period, start) row, queues one mail gathering them, and marks them mailed. The row is
 * the claim: a second process waits on it and then does nothing, and a restart finds it, so a
 * period's digest goes once. Answers how many digests it queued.
 */
export async function sendDigests(db: Db, site: MailSite, options: { period: DigestPeriod; timeZone: string; now?: Date }): Promise<number> {
  const { period, timeZone } = options;
  const { start, end } = await lastPeriod(db, period, options.now ?? new Date(), timeZone);
  const inPeriod = and(
    isNull(notifications.mailedAt),
    isNull(notifications.readAt),
    gte(notifications.createdAt, start),
    lt(notifications.createdAt, end),
    sql`${mailChoiceSql(notifications.userId, notifications.kind)} = ${period}`,
  );
  const waiting = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inPeriod,
        sql`not exists (select 1 from ${notificationDigests} where ${notificationDigests.userId} = ${notifications.userId} and ${notificationDigests.period} = ${period} and ${notificationDigests.periodStart} = ${start.toISOString()})`,
      ),
    )
    .limit(DIGEST_BATCH);
  let queued = 0;
  for (const { userId } of waiting) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(notificationDigests).values({ userId, period, periodStart: start }).onConflictDoNothing().returning({ userId: notificationDigests.userId });
      if (!claimed) return false;
      const items = await mailItems(tx, userId, inPeriod);
      const recipient = await recipientOf(tx, userId);
      if (!items.length || !recipient) return false;
      await tx
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), inPeriod));
      const kinds = [...new Set(items.map((item) => item.kind))];
      const links = await unsubscribeLinks(tx, site, userId, kinds);
      await queueMail(tx, mails.notificationDigest(site, recipient, confirmedName(recipient), period, items.slice(0, DIGEST_MAX_ITEMS), Math.max(0, items.length - DIGEST_MAX_ITEMS), links));
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/** Each process with the periodic jobs looks for digests due every few minutes; the claim rows keep them once per period. */
export function startNotificationDigests(options: { db: Db; site: MailSite; timeZone: string; log: { warn(object: object, message: string): void }; onQueued(): void; intervalMs?: number }): { stop(): void } {
  const run = async () => {
    let queued = 0;
    for (const period of ['daily', 'weekly'] as const) queued += await sendDigests(options.db, options.site, { period, timeZone: options.timeZone });
    if (queued) options.onQueued();
  };
  const timer = setInterval(() => {
    run().catch((error: unknown) => options.log.warn({ err: error }, 'notification digests: run failed'));
  }, options.intervalMs ?? 300_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const u = messages.notifications;

/** A link is answered only while its notification could still be kept: older, it is no longer valid (and soon deleted). */
const unexpired = sql`${notificationUnsubscribeLinks.createdAt} > now() - make_interval(days => ${READ_NOTIFICATION_DAYS})`;

/** What a link would turn off, without doing it: her language and the kinds, whether it was used; null when no link has this token (or it expired). */
export async function describeUnsubscribe(db: Db, token: string) {
  const [link] = await db
    .select({ kinds: notificationUnsubscribeLinks.kinds, usedAt: notificationUnsubscribeLinks.usedAt, locale: users.locale })
    .from(notificationUnsubscribeLinks)
    .innerJoin(users, eq(users.id, notificationUnsubscribeLinks.userId))
    .where(and(eq(notificationUnsubscribeLinks.tokenHash, hashSecretToken(token)), unexpired));
  if (!link) return null;
  const locale = mailLocale(link);
  return { locale, used: link.usedAt !== null, kinds: link.kinds, names: inLocale(locale, () => kindNames(link.kinds)) };
}

/** Why a link does nothing, as a 400: used (in her language, naming its kinds), or not a link of ours at all. */
function refusedLink(link: Awaited<ReturnType<typeof describeUnsubscribe>>) {
  if (link) return badRequestIn(link.locale, inLocale(link.locale, () => u.unsubscribeUsed(link.names)));
  return badRequest(u.unsubscribeInvalid);
}

/**
 * The one-click unsubscribe of a notification mail (RFC 8058), signed in or not: the token
 * turns mail off for her for the kinds it names, once. A forged, expired or used token is a
 * 400 that changes nothing. Answers in her language (the link's owner's).
 */
export async function unsubscribeFromNotificationMail(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(notificationUnsubscribeLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(notificationUnsubscribeLinks.tokenHash, hashSecretToken(token)), isNull(notificationUnsubscribeLinks.usedAt), unexpired))
      .returning({ userId: notificationUnsubscribeLinks.userId, kinds: notificationUnsubscribeLinks.kinds });
    if (!link) throw refusedLink(await describeUnsubscribe(tx, token));
    await turnMailOff(tx, link.userId, link.kinds);
    const known = (await describeUnsubscribe(tx, token))!;
    return { success: true as const, kinds: link.kinds, locale: known.locale, message: inLocale(known.locale, () => u.unsubscribed(known.names)) };
  });
}

/** What a GET of the link shows, in her language: what it turns off and the button that does it; a used, expired or forged link is the same 400 as a POST. */
export async function unsubscribeLinkPage(db: Db, token: string) {
  const link = await describeUnsubscribe(db, token);
  if (!link || link.used) throw refusedLink(link);
  return inLocale(link.locale, () => ({ locale: link.locale, kinds: link.kinds, message: u.unsubscribeConfirm(link.names), button: u.unsubscribeButton }));
}
