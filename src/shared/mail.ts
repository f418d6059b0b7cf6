/** Where a mail in the outbox stands. `sending` is a worker's claim, which lapses if the worker dies. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a single-use link mailed to a member does. */
export const TOKEN_PURPOSES = ['password_reset', 'email_change'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
