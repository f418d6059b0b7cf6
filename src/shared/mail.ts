/** Where a mail in the outbox stands. `sending` is a worker's claim, which lapses if the worker dies. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a single-use link mailed to a member does. */
export const TOKEN_PURPOSES = ['password_reset', 'email_change', 'email_confirm'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * What a job row in the outbox asks the mail worker to do. It holds the address asked about and
 * nothing the procedure looked up: the lookup, the token and the mail happen in the worker.
 */
export type MailJob =
  | { type: 'password_reset'; email: string }
  | { type: 'email_change'; userId: number; newEmail: string; locale: string }
  /** A notification of a kind she has mailed at once: the worker draws it in her language. */
  | { type: 'notification'; notificationId: number };
