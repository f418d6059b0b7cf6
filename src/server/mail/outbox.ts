import type { Db } from '#db/client';
import { mailOutbox } from '#db/schema';

/** A mail ready to send: who to, what, and its text and HTML bodies. */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
  holdsSecret?: boolean;
}

/**
 * Puts a mail in the outbox. Call it with the transaction that makes the change the mail is
 * about: both are kept, or neither. A worker sends it after the commit.
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
    attachments: mail.attachments ?? null,
    holdsSecret: mail.holdsSecret ?? false,
  });
}
