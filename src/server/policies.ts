import { sql, type SQL } from 'drizzle-orm';
import { reports } from '#db/schema';
import type { Entity as ContentEntity } from '#shared/entities';
import { AUTO_HIDE_REPORTERS, REVIEWABLE_KINDS, type ReportTargetType } from '#shared/moderation';
import { MODERATION_PERMISSIONS, type Role, STAFF_PERMISSIONS, type StaffPermission } from '#shared/roles';
import { qualified } from './services/content-query';

/**
 * The site's policies, in one place: who a viewer is to a member, what she sees of that member,
 * what she may do (the permission table), and how reports are counted toward hiding an item.
 * Every answer and every check asks here; no other file decides these. Which rows a viewer may
 * read (published, held, blocked) is `visibleTo` in moderation/visibility.ts.
 */

// ---------------------------------------------------------------- who asks

export { ROLES, type Role, STAFF_PERMISSIONS, type StaffPermission } from '#shared/roles';

/** Who asks: a signed-in member (staff included) or a visitor (null). */
export type Viewer = { id: number; role: Role } | null;

export const roleOf = (user: { role: Role }): Role => user.role;

/** Moderators and admins: their writing is never held or hidden by members' reports, and they are never suspended or blocked. */
export const isStaff = (user: { role: Role }): boolean => user.role !== 'member';

/** SPEC.md's `isAdmin`: true for admins only. */
export const isAdminRole = (role: Role): boolean => role === 'admin';

// ---------------------------------------------------------------- what she may do

/** What a permission is about: a forum post, or a comment of any kind (podcast, blog, forum). */
export type Entity = Extract<ContentEntity, 'forumPost'> | 'comment';

/** `own`: what she wrote herself; `members`: what members wrote (not staff); `any`: anyone's. */
type Access = 'own' | 'members' | 'any';

/** "action:entity:access", as `delete:comment:own`, or a staff permission. */
export type Permission = `delete:${Entity}:${Access}` | StaffPermission;

/** The longest suspension a moderator may give; longer ones are admins'. */
export const MODERATOR_SUSPENSION_DAYS = 30;

const MEMBER: readonly Permission[] = ['delete:forumPost:own', 'delete:comment:own'];
const MODERATOR: readonly Permission[] = [
  ...MEMBER,
  'delete:forumPost:members',
  'delete:comment:members',
  ...MODERATION_PERMISSIONS,
];

/**
 * The permission table: what each role may do. A role may only what its row names; every
 * staff call on both APIs declares the permission it needs (staffProcedure in trpc/init.ts),
 * and the access-matrix test walks every procedure and /api path against this table.
 */
export const PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  member: new Set(MEMBER),
  moderator: new Set(MODERATOR),
  admin: new Set<Permission>([...MODERATOR, 'delete:forumPost:any', 'delete:comment:any', ...STAFF_PERMISSIONS]),
};

/** The staff permissions of her role, in the current user: the admin panel shows the tabs they open (the server checks every call). */
export const staffPermissionsOf = (user: { role: Role }): StaffPermission[] => STAFF_PERMISSIONS.filter((permission) => PERMISSIONS[user.role].has(permission));

/**
 * Whether staff may act on a report (hide, delete, suspend) about what this author wrote:
 * admins on anything; moderators on members' writing only, never on staff's nor on the site's
 * own content (a listing: `author` null). Dismissing is open to both.
 */
export function mayActOnReported(actor: { role: Role }, author: { role: Role } | null): boolean {
  return isAdminRole(actor.role) || (author !== null && !isStaff(author));
}

/** Whether this user's role carries the permission; a visitor may nothing. */
export function may(user: Viewer, permission: Permission): boolean {
  return user !== null && PERMISSIONS[roleOf(user)].has(permission);
}

/**
 * The one rule for deleting a forum post or a comment, answering the permission that allows it
 * (the audit log keeps it), or null: its author (`own`), staff who may delete what members
 * wrote (`members`: moderators and admins), or anyone's (`any`: admins, for staff's writing too).
 */
export function deletePermission(viewer: Viewer, entity: Entity, author: { id: number; role: Role }): Permission | null {
  if (viewer === null) return null;
  const candidates: Permission[] = viewer.id === author.id ? [`delete:${entity}:own`] : [...(isStaff(author) ? [] : [`delete:${entity}:members` as const]), `delete:${entity}:any`];
  return candidates.find((permission) => may(viewer, permission)) ?? null;
}

/**
 * Whether this viewer may delete the post or comment (deletePermission). The server sends the
 * outcome with each item (`canDelete`), so the browser shows Delete exactly where the call
 * would succeed.
 */
export const mayDelete = (viewer: Viewer, entity: Entity, author: { id: number; role: Role }): boolean => deletePermission(viewer, entity, author) !== null;

// ---------------------------------------------------------------- what she sees of a member

/** A member's display name: first name and last initial. */
export interface DisplayName {
  firstName: string;
  /** The last name's first letter and a period, or '' when there is none. */
  lastName: string;
}

/**
 * How a member is named to anyone in members' and visitors' answers: first name and last
 * initial ("Zeina F."). Members are 13 and older, so no such answer carries a member's last
 * name, email, age or approval status. The keys stay those of the API's user shape
 * (`user{firstName, lastName}`), with the initial in `lastName`.
 */
export function displayName(person: { firstName: string; lastName: string }): DisplayName {
  const initial = Array.from(person.lastName.trim())[0];
  return { firstName: person.firstName, lastName: initial ? `${initial.toLocaleUpperCase()}.` : '' };
}

/** Who the viewer is to a member: a visitor, another member, the member herself, or staff. */
export type Audience = 'visitor' | 'member' | 'herself' | 'staff';

export function audienceOf(viewer: Viewer, memberId: number): Audience {
  if (viewer === null) return 'visitor';
  if (viewer.id === memberId) return 'herself';
  return isStaff(viewer) ? 'staff' : 'member';
}

/**
 * What each audience gets of a member beside what she wrote (posts, comments) in members' and
 * visitors' answers: her display name for everyone, and her id for those who can block or
 * report her (members need it for that), never for visitors. The admin panel's own calls,
 * which only staff reach, name members in full.
 */
const MEMBER_VIEW: Record<Audience, { id: boolean }> = {
  visitor: { id: false },
  member: { id: true },
  herself: { id: true },
  staff: { id: true },
};

/** A member in the staff's queues (reports, review): her id and names, and her email for those who may read accounts. */
export interface MemberForStaff {
  id: number;
  firstName: string;
  lastName: string;
  /** Only for those who may 'manage:accounts' (admins). */
  email?: string;
}

/**
 * A member as the staff's queues name her: admins, who may read accounts in full
 * ('manage:accounts'), get her names and email; moderators her id and display name ("Zeina F."),
 * never her email or last name.
 */
export function memberSeenByStaff(viewer: Viewer, member: { id: number; firstName: string; lastName: string; email?: string }): MemberForStaff {
  if (may(viewer, 'manage:accounts')) return { id: member.id, firstName: member.firstName, lastName: member.lastName, ...(member.email === undefined ? {} : { email: member.email }) };
  return { id: member.id, ...displayName(member) };
}

/** A member as this viewer sees her beside what she wrote. */
export interface MemberSeen {
  name: DisplayName;
  /** Her id for blocking or reporting her; null for visitors. */
  id: number | null;
  /** The viewer is this member (the page shows 'You'). */
  isMine: boolean;
}

export function memberSeenBy(viewer: Viewer, member: { id: number; firstName: string; lastName: string }): MemberSeen {
  const audience = audienceOf(viewer, member.id);
  return { name: displayName(member), id: MEMBER_VIEW[audience].id ? member.id : null, isMine: audience === 'herself' };
}

// ---------------------------------------------------------------- reports

/**
 * Whether members' reports may hide an item: only a post or comment by a member who is not
 * staff. What staff published (their posts and comments, the directory's curated listings)
 * stays up until a moderator decides, and a member is never hidden.
 */
export const hideableByReports = (type: ReportTargetType, authorIsStaff: boolean): boolean =>
  (REVIEWABLE_KINDS as readonly string[]).includes(type) && !authorIsStaff;

/** Whether an item's report counts (reportCounts) hide it now. */
export const hiddenByReports = (counts: { countingReporters: number }): boolean => counts.countingReporters >= AUTO_HIDE_REPORTERS;

const open = sql`${qualified(reports.status)} = 'open'`;
const reporter = qualified(reports.reporterId);
const filtered = (aggregate: SQL, where: SQL | undefined) => (where ? sql`${aggregate} filter (where ${where})` : aggregate);

/**
 * The reports a moderator's card sums up: the open ones while the item has any (what she
 * decides on), else all that were ever made (what was decided). `aggregate` is computed over
 * those; `anyOpen` says whether the item has open reports (by default, in a query grouped by
 * item).
 */
export function overShownReports(aggregate: SQL, anyOpen: SQL = sql`count(*) filter (where ${open}) > 0`): SQL {
  return sql`case when ${anyOpen} then ${filtered(aggregate, open)} else ${aggregate} end`;
}

/** Whether the item of each row has open reports: for a query grouped finer than by item. */
export const itemHasOpenReports = sql`sum(count(*) filter (where ${open})) over (partition by ${qualified(reports.targetType)}, ${qualified(reports.targetId)}) > 0`;

/**
 * How an item's reports are counted, the one place they are: aggregates over the item's rows
 * of `reports`, read by the auto-hide (hiddenByReports) and sent to the moderators' queue,
 * whose cards show them as they come.
 * - `openReports`: reports waiting for a decision.
 * - `reportCount` and `reporters`: the reports a card sums up (overShownReports) and the
 *   members behind them.
 * - `countingReporters`: members whose open report counts toward hiding: those none of whose
 *   reports of the item a moderator dismissed. Once dismissed, the same members reporting
 *   again reach the queue but can't hide the item again; new reporters can.
 * - `dismissedReporters`: members behind open reports who don't count for that reason.
 */
export function reportCounts() {
  const dismissed = sql.identifier('dismissed');
  const column = (name: string) => sql`${dismissed}.${sql.identifier(name)}`;
  const dismissedBefore = sql`exists (select 1 from ${reports} as ${dismissed}
    where ${column(reports.reporterId.name)} = ${reporter} and ${column(reports.targetType.name)} = ${qualified(reports.targetType)}
    and ${column(reports.targetId.name)} = ${qualified(reports.targetId)} and ${column(reports.resolution.name)} = 'dismiss')`;
  return {
    openReports: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
    reportCount: sql<number>`${overShownReports(sql`count(*)`)}`.mapWith(Number),
    reporters: sql<number>`${overShownReports(sql`count(distinct ${reporter})`)}`.mapWith(Number),
    countingReporters: sql<number>`count(distinct ${reporter}) filter (where ${open} and not ${dismissedBefore})`.mapWith(Number),
    dismissedReporters: sql<number>`count(distinct ${reporter}) filter (where ${open} and ${dismissedBefore})`.mapWith(Number),
  };
}
