/**
 * An account's role: members, and the staff (moderators and admins) who look after the space.
 * What each may do is the permission table's row (src/server/policies.ts PERMISSIONS).
 */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

// The staff's permissions beside deleting, in two groups; the permission table
// (src/server/policies.ts PERMISSIONS) gives moderators the first and admins both.

/** Moderation: moderators' and admins'. */
export const MODERATION_PERMISSIONS = [
  'work:review_queue',
  'work:reports',
  'manage:watched_words',
  /** Suspensions of up to 30 days (policies.ts MODERATOR_SUSPENSION_DAYS), and lifting them. */
  'suspend:member',
  /** The audit log's entries made under the reader's own permissions. */
  'read:audit_log:own_permissions',
  /** Members as everyone sees them (display name), with join date, counts and suspension. */
  'read:members',
] as const;

/** The rest of the admin panel: admins only. */
export const ADMIN_ONLY_PERMISSIONS = [
  /** Suspensions longer than 30 days. */
  'suspend:member:long',
  /** Applications, with their email, age and last name. */
  'manage:applications',
  /** Accounts in full (email, age, last name, approval), their edits, passwords and deletion. */
  'manage:accounts',
  /** Who is staff: the Admin Management tab and every role change. */
  'manage:roles',
  /** Podcasts, blog, events, directory, places, the forum tab and uploads. */
  'manage:content',
  'manage:newsletter',
  'read:mail_outbox',
  'read:overview',
  'read:audit_log:all',
] as const;

export const STAFF_PERMISSIONS = [...MODERATION_PERMISSIONS, ...ADMIN_ONLY_PERMISSIONS] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
