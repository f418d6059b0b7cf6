import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '#db/client';
import { mailOutbox } from '#db/schema';
import { runMailJobs } from './jobs';
import type { MailSite } from './templates';

type StoredMail = typeof mailOutbox.$inferSelect;

/** What hands a mail to a mail server. */
export interface MailTransport {
  send(mail: StoredMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.org:587), from `MAIL_FROM`.
 * A small pool of kept-open connections, so a batch goes out without a handshake per mail.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5, maxMessages: 1000 });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? undefined,
        attachments: mail.attachments ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}

export interface MailWorkerOptions {
  db: Db;
  /** The site's name and address, for the mails a job draws (a reset, an email change). */
  site: MailSite;
  /** null: no mail server; mail stays in the outbox (and is printed when `print` is set). */
  transport: MailTransport | null;
  /** Outside production without a mail server, each mail is printed to the log once. */
  print?: (mail: StoredMail) => void;
  log: { warn(object: object, message: string): void };
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
  /** The first retry's wait; each next one waits twice as long. */
  retryBaseMs?: number;
  /** How long a claim holds: a worker that dies mid-send leaves the mail to another after this. */
  claimMs?: number;
}

export interface MailWorker {
  /** Sends what is due now; resolves with how many mails it handed to the server. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The sending worker each server process runs. It claims due mail in a short transaction
 * (FOR UPDATE SKIP LOCKED: processes never claim the same row), sends it outside any
 * transaction, then records the outcome. A failure waits retryBaseMs × 2^(attempt − 1), and
 * after maxAttempts the mail is marked failed with the last error.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const pollMs = options.pollMs ?? 1_000;
  const batchSize = options.batchSize ?? 50;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const claimMs = options.claimMs ?? 5 * 60_000;
  let stopped = false;
  let running: Promise<number> | null = null;

  async function claim(): Promise<StoredMail[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`), isNull(mailOutbox.job)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${`${claimMs} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Hands one mail to the server; answers the error when it was refused. */
  async function trySend(mail: StoredMail): Promise<unknown> {
    try {
      await transport!.send(mail);
      return null;
    } catch (error) {
      return error ?? new Error('refused');
    }
  }

  async function recordFailure(mail: StoredMail, error: unknown): Promise<void> {
    const failed = mail.attempts >= maxAttempts;
    const waitMs = retryBaseMs * 2 ** (mail.attempts - 1);
    options.log.warn({ mailId: mail.id, attempt: mail.attempts, err: error }, failed ? 'mail failed for good' : 'mail not sent; will retry');
    await db
      .update(mailOutbox)
      .set({
        status: failed ? 'failed' : 'queued',
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: sql`now() + ${`${waitMs} milliseconds`}::interval`,
      })
      .where(eq(mailOutbox.id, mail.id));
  }

  /** Sends a claimed batch together (the transport's pool sets how many at once) and records the outcomes: the sent ones in one statement. */
  async function sendBatch(batch: StoredMail[]): Promise<number> {
    const errors = await Promise.all(batch.map(trySend));
    const sentIds = batch.filter((_, index) => errors[index] === null).map((mail) => mail.id);
    if (sentIds.length) await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(inArray(mailOutbox.id, sentIds));
    for (const [index, mail] of batch.entries()) if (errors[index] !== null) await recordFailure(mail, errors[index]);
    return sentIds.length;
  }

  /** Without a mail server: each queued mail is printed once, and stays queued. */
  async function printNew(): Promise<number> {
    const fresh = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), isNull(mailOutbox.printedAt), isNull(mailOutbox.job)))
      .orderBy(asc(mailOutbox.id))
      .limit(batchSize);
    for (const mail of fresh) options.print!(mail);
    if (fresh.length) await db.update(mailOutbox).set({ printedAt: sql`now()` }).where(inArray(mailOutbox.id, fresh.map((mail) => mail.id)));
    return 0;
  }

  async function run(): Promise<number> {
    // Jobs first, with or without a mail server: the mails they draw then go out (or are printed) in this run.
    const jobFailed = (id: number, error: unknown) => options.log.warn({ mailId: id, err: error }, 'mail job failed');
    for (let ran = batchSize; ran === batchSize && !stopped; ) ran = await runMailJobs(db, options.site, batchSize, jobFailed);
    if (!transport) return options.print ? printNew() : 0;
    let sent = 0;
    for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) sent += await sendBatch(batch);
    return sent;
  }

  const runOnce = () => {
    // One run at a time in a process; a call during a run waits for it.
    running ??= run().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => options.log.warn({ err: error }, 'mail worker: run failed'));
  }, pollMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
