import { createHash } from 'node:crypto';
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
 * A mail's Message-ID, the same on every try: a mail sent again after an incident is the same
 * message to the recipient's mail server (which may drop the copy), not a new one. Drawn from
 * the outbox row, so it tells nothing of how many mails the site sends.
 */
export function messageIdOf(mail: Pick<StoredMail, 'id' | 'createdAt'>, domain: string): string {
  const digest = createHash('sha256').update(`bloom-mail:${mail.id}:${mail.createdAt.toISOString()}`).digest('hex').slice(0, 32);
  return `<${digest}@${domain}>`;
}

/**
 * nodemailer over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.org:587), from `MAIL_FROM`.
 * One kept-open connection: the worker sends one mail at a time (see startMailWorker).
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 1, maxMessages: 1000 });
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail, domain),
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
  /**
   * How long a claim holds unless renewed. The worker renews its claims while it sends, so a
   * worker that died or lost the database leaves its mail to another within this time.
   */
  leaseMs?: number;
  /** How soon mail is tried again after the mail server could not be reached. */
  serverAwayRetryMs?: number;
}

/**
 * The server was not reached, hung up (no SMTP reply code), or is shutting down (421, "service
 * not available, closing transmission channel"), rather than refusing this mail.
 */
export function mailServerAway(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code !== 'number' || code === 421;
}

export interface MailWorker {
  /** Sends what is due now; resolves with how many mails it handed to the server. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The sending worker each server process runs. It claims due mail in a short transaction
 * (FOR UPDATE SKIP LOCKED: processes never claim the same row) with a lease it renews while it
 * works, sends outside any transaction, and records each mail as sent as soon as the mail server
 * accepted it; a worker that stops hands back what it still holds. One mail at a time: when the
 * database goes away, or the process dies, at most the one mail in hand was sent without its
 * record, so an incident sends at most one mail twice per worker (with the same Message-ID).
 * A refusal by the mail server waits retryBaseMs × 2^(attempt − 1), and after maxAttempts the
 * mail is marked failed with the last error.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const pollMs = options.pollMs ?? 1_000;
  const batchSize = options.batchSize ?? 50;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const serverAwayRetryMs = options.serverAwayRetryMs ?? 5_000;
  let stopped = false;
  let running: Promise<number> | null = null;
  /** Mails the server accepted whose record the database refused: stored before anything else is claimed. */
  let acceptedNotRecorded: number[] = [];
  /** Claimed mails never tried, whose hand-back the database refused: handed back at the next run. */
  const untriedToHandBack: { ids: number[]; leaseEnd: Date }[] = [];

  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

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
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseEnd() })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Keeps the claim on the mails still in hand; a worker that stopped renewing loses them. Answers the new lease's end. */
  async function renewLease(ids: number[]): Promise<Date | undefined> {
    if (!ids.length) return undefined;
    const [renewed] = await db.update(mailOutbox).set({ nextAttemptAt: leaseEnd() }).where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending'))).returning({ until: mailOutbox.nextAttemptAt });
    return renewed?.until;
  }

  /**
   * Gives back claimed mails this worker never tried, due at once and their claim's attempt
   * uncounted. Only while its lease holds (until `leaseEnd`): a mail whose lease ran out may be
   * another worker's by now. (+1 ms: the database keeps microseconds, a Date milliseconds.)
   */
  async function handBackUntried(ids: number[], leaseEnd: Date): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()`, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, new Date(leaseEnd.getTime() + 1))));
  }

  const recordSent = (ids: number[]) => db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(inArray(mailOutbox.id, ids));

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

  /**
   * The mail server could not be reached or talked to (no SMTP reply code): nothing is wrong
   * with the mails. They go back to the queue as they were, attempts not counted, and are tried
   * again in a few seconds, so mail flows again within moments of the server's return.
   */
  async function putBackWhileServerAway(ids: number[], error: unknown): Promise<void> {
    options.log.warn({ err: error, mails: ids.length }, 'mail server unreachable; mail waits');
    await db
      .update(mailOutbox)
      .set({
        status: 'queued',
        attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: sql`now() + ${`${serverAwayRetryMs} milliseconds`}::interval`,
      })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
  }

  /**
   * Sends a claimed batch one mail at a time, recording each outcome before the next mail. When
   * a record fails (the database is away), the batch stops: the accepted mail is kept to record
   * first on the next run, and the rest waits for its lease to run out.
   */
  async function sendBatch(batch: StoredMail[]): Promise<number> {
    const inHand = new Set(batch.map((mail) => mail.id));
    let heldUntil = batch[0]!.nextAttemptAt;
    const renewal = setInterval(() => {
      renewLease([...inHand]).then((until) => (heldUntil = until ?? heldUntil), () => undefined);
    }, leaseMs / 3);
    renewal.unref();
    let sent = 0;
    try {
      for (const mail of batch) {
        if (stopped) break;
        const error = await trySend(mail);
        if (error !== null && mailServerAway(error)) {
          await putBackWhileServerAway([...inHand], error);
          inHand.clear();
          break;
        }
        inHand.delete(mail.id);
        if (error !== null) {
          await recordFailure(mail, error);
          continue;
        }
        sent++;
        try {
          await recordSent([mail.id]);
        } catch (recordError) {
          acceptedNotRecorded.push(mail.id);
          throw recordError;
        }
      }
    } finally {
      clearInterval(renewal);
      // Stopped (or the database failed) with mail still in hand: another worker may take it now,
      // or, if the database refuses that too, once this worker's next run gets through to it.
      const untried = [...inHand];
      if (untried.length) await handBackUntried(untried, heldUntil).catch(() => untriedToHandBack.push({ ids: untried, leaseEnd: heldUntil }));
    }
    return sent;
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
    if (acceptedNotRecorded.length) {
      await recordSent(acceptedNotRecorded);
      acceptedNotRecorded = [];
    }
    for (const held of untriedToHandBack) await handBackUntried(held.ids, held.leaseEnd);
    untriedToHandBack.length = 0;
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
