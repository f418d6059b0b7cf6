import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { mailOutbox, users } from '#db/schema';
import type { MailJob } from '#shared/mail';
import { issueAccountToken } from '../account/tokens';
import { isDatabaseUnavailable } from '../errors';
import { runNotificationMailJob } from '../notifications/mail';
import { queueMail } from './outbox';
import { confirmedName, mails, type MailSite } from './templates';

/**
 * Puts a job in the outbox: the address asked about, nothing looked up. The procedure that
 * queues it does the same work whoever the address belongs to, so neither its answer nor its
 * time tells whether an account exists; the worker looks the account up and mails.
 */
export async function queueMailJob(db: Db, kind: string, recipient: string, job: MailJob): Promise<void> {
  await queueMailJobs(db, kind, [{ recipient, job }]);
}

/** Several jobs of one kind in one statement (an event change mailed at once to its attendees). */
export async function queueMailJobs(db: Db, kind: string, jobs: { recipient: string; job: MailJob }[]): Promise<void> {
  if (!jobs.length) return;
  await db.insert(mailOutbox).values(jobs.map(({ recipient, job }) => ({ kind, recipient, subject: '', text: '', html: '', job })));
}

const accountByEmail = (db: Db, email: string) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);

/** Does what a job asks, in the transaction that marks it done: the token and its mail are kept together or not at all. */
async function runJob(tx: Db, site: MailSite, job: MailJob): Promise<void> {
  if (job.type === 'password_reset') {
    // No account: nothing is mailed, as before.
    const account = await accountByEmail(tx, job.email);
    if (!account) return;
    const token = await issueAccountToken(tx, account.id, 'password_reset');
    await queueMail(tx, mails.passwordReset(site, account, confirmedName(account), token));
    return;
  }
  if (job.type === 'notification') return runNotificationMailJob(tx, site, job.notificationId);
  // An email change to an address that has an account mails its owner instead, and changes nothing.
  const owner = await accountByEmail(tx, job.newEmail);
  if (owner) return queueMail(tx, mails.emailChangeToKnownEmail(site, owner, confirmedName(owner)));
  const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, job.userId));
  if (!member) return;
  const token = await issueAccountToken(tx, member.id, 'email_change', job.newEmail);
  await queueMail(tx, mails.emailChange(site, { email: job.newEmail, locale: job.locale }, token));
}

/**
 * Runs the jobs waiting in the outbox, one transaction each; a job is claimed with
 * FOR UPDATE SKIP LOCKED, so two processes never run the same one, and removed once done. A job
 * that fails is marked failed with its error (and logged by the caller), so it never stops the
 * mail behind it. A job cut off by the database going away is no fault of the job's: its
 * transaction rolled back, so it is still queued, and the run stops to be tried again later.
 */
export async function runMailJobs(db: Db, site: MailSite, limit: number, onFailure: (id: number, error: unknown) => void): Promise<number> {
  let ran = 0;
  for (; ran < limit; ran++) {
    let claimed: number | null = null;
    try {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: mailOutbox.id, job: mailOutbox.job })
          .from(mailOutbox)
          .where(and(isNotNull(mailOutbox.job), eq(mailOutbox.status, 'queued')))
          .orderBy(asc(mailOutbox.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return false;
        claimed = row.id;
        await runJob(tx, site, row.job!);
        // Done, it goes: an address typed by anyone (a member's or not) isn't kept in the outbox.
        await tx.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        return true;
      });
      if (!done) break;
    } catch (error) {
      if (claimed === null || isDatabaseUnavailable(error)) throw error;
      onFailure(claimed, error);
      await db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: sql`${mailOutbox.attempts} + 1`, lastError: error instanceof Error ? error.message.slice(0, 500) : String(error) })
        .where(eq(mailOutbox.id, claimed));
    }
  }
  return ran;
}
