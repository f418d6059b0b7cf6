/**
 * An account's role: members, and the staff (moderators and admins) who look after the space.
 * What each may do is the permission table's row (src/server/policies.ts PERMISSIONS).
 */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
