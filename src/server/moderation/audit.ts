import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog, blogs, listings, events, forumPosts, newsletterIssues, podcasts, profileChanges, reports, users } from '#db/schema';
import type { Db } from '#db/client';
import { REVIEWABLE_KINDS, type ReportTargetType, type ReviewableKind } from '#shared/moderation';
import { displayName, type Permission, type Role } from '../policies';
import { MEMBER_CONTENT, selectModeratedItems, type ModeratedItem } from './member-content';

/** Input fields never kept in the log: secrets (passwords, tokens) and file bytes. */
const WITHHELD = /password|token|secret|bytes/i;
/** The fields that name an item, in the order a summary prefers them. */
const NAMING_FIELDS = ['title', 'subject', 'name', 'word', 'email', 'username'];

/**
 * What a staff change did, in the words an admin reads in the audit tab: the item's id and a
 * sentence naming the member (as others see her, "Zeina F."), the outcome and the item's title.
 * Stored in English, like the rest of the log's text.
 */
export interface AuditNote {
  targetId: number | null;
  summary: string;
  /** For a member procedure describing a staff action: the permission that allowed it (staff procedures declare theirs). */
  permission?: Permission;
}

/**
 * Where a procedure says what it changed. A staff procedure always leaves an entry (its own
 * words, or words made from its input); a member procedure leaves one only when it describes a
 * staff action (a moderator deleting someone else's post or comment) and names the permission
 * that allowed it.
 */
export interface AuditTrail {
  describe(targetId: number | null, summary: string, permission?: Permission): void;
  readonly note: AuditNote | null;
}

export function auditTrail(): AuditTrail {
  let note: AuditNote | null = null;
  return {
    describe(targetId, summary, permission) {
      note = { targetId, summary, ...(permission ? { permission } : {}) };
    },
    get note() {
      return note;
    },
  };
}

// ---------------------------------------------------------------- words of a summary

/** A member as the log names her: first name and last initial, as every other member sees her. */
export function memberName(person: { firstName: string; lastName: string }): string {
  const name = displayName(person);
  return `${name.firstName} ${name.lastName}`.trim();
}

/** "Zeina F.'s". */
export const possessive = (person: { firstName: string; lastName: string }) => `${memberName(person)}'s`;

/** A title in quotes, cut at 80 characters so one entry stays one line. */
export function quoted(title: string): string {
  const text = title.trim().replace(/\s+/g, ' ');
  return `'${text.length > 80 ? `${text.slice(0, 80)}…` : text}'`;
}

const isReviewable = (type: ReportTargetType): type is ReviewableKind => (REVIEWABLE_KINDS as readonly string[]).includes(type);

const THREAD_WORDS: Record<ReviewableKind, string> = {
  forum_post: 'forum post',
  podcast_comment: 'podcast',
  blog_comment: 'blog post',
  forum_comment: 'forum post',
};

/** "Zeina F.'s forum post 'Title'", "Zeina F.'s comment on blog post 'Title'". */
export function memberContentWords(item: ModeratedItem): string {
  if (item.kind === 'forum_post') return `${possessive(item.author)} forum post ${quoted(item.title ?? item.context.title)}`;
  return `${possessive(item.author)} comment on ${THREAD_WORDS[item.kind]} ${quoted(item.context.title)}`;
}

/** A member's post or comment with its author and thread, read before a change removes it; undefined when there is none. */
export async function findMemberContent(db: Db, kind: ReviewableKind, id: number): Promise<ModeratedItem | undefined> {
  const [item] = await selectModeratedItems(db, kind, eq(MEMBER_CONTENT[kind].id, id), 1);
  return item;
}

/** Whose waiting profile change this is (her names), read before the decision; undefined for an unknown id. */
export async function profileChangeOwner(db: Db, changeId: number): Promise<{ firstName: string; lastName: string } | undefined> {
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(profileChanges)
    .innerJoin(users, eq(users.id, profileChanges.userId))
    .where(eq(profileChanges.id, changeId));
  return owner;
}

/** What a report is about, in words ("Zeina F.'s forum post 'Title'", "listing 'Name'", "member Zeina F."); read before the decision. */
export async function reportedItemWords(db: Db, reportId: number): Promise<string | undefined> {
  const [report] = await db.select({ type: reports.targetType, id: reports.targetId }).from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!report) return undefined;
  if (isReviewable(report.type)) {
    const item = await findMemberContent(db, report.type, report.id);
    return item ? memberContentWords(item) : undefined;
  }
  if (report.type === 'listing') {
    const [listing] = await db.select({ name: listings.name }).from(listings).where(eq(listings.id, report.id)).limit(1);
    return listing ? `listing ${quoted(listing.name)}` : undefined;
  }
  const [member] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, report.id)).limit(1);
  return member ? `member ${memberName(member)}` : undefined;
}

// ---------------------------------------------------------------- the entry

/** The input as the log keeps it: no secrets or bytes, long texts cut. */
function keptDetails(input: unknown): Record<string, unknown> | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (WITHHELD.test(key) || value instanceof Uint8Array) continue;
    kept[key] = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  }
  return kept;
}

/** An id as the input or answer carries it: a number, or the digits of a REST path. */
function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)) return Number(value);
  return null;
}

/** The item a change acted on, when the procedure did not say: the input's id (or userId), else the id the answer carries. */
function targetOf(input: unknown, output: unknown): number | null {
  for (const source of [input, output]) {
    if (source && typeof source === 'object') {
      const record = source as Record<string, unknown>;
      for (const key of ['id', 'userId']) {
        const id = idOf(record[key]);
        if (id !== null) return id;
      }
    }
  }
  return null;
}

/** Words made from the input for a procedure that gave none: "admin.podcasts.create: Finding your voice (#12)". */
function fallbackSummary(action: string, details: Record<string, unknown> | null, targetId: number | null): string {
  const name = NAMING_FIELDS.map((field) => details?.[field]).find((value): value is string => typeof value === 'string' && value.length > 0);
  const parts = [name, targetId !== null ? `#${targetId}` : undefined].filter(Boolean);
  return parts.length ? `${action}: ${parts.join(' ')}` : action;
}

/** Records one staff change that went through: who (and her role), the procedure and its permission, the item's id, a summary and the input without secrets. */
export async function recordAdminAction(
  db: Db,
  change: { admin: { id: number; firstName: string; lastName: string; role: Role }; action: string; permission: Permission; input: unknown; output: unknown; note?: AuditNote | null },
): Promise<void> {
  const details = keptDetails(change.input);
  const targetId = change.note ? change.note.targetId : targetOf(change.input, change.output);
  await db.insert(auditLog).values({
    adminId: change.admin.id,
    adminName: `${change.admin.firstName} ${change.admin.lastName}`.trim(),
    adminRole: change.admin.role,
    action: change.action,
    permission: change.permission,
    targetId,
    summary: change.note?.summary ?? fallbackSummary(change.action, details, targetId),
    details,
  });
}

// ---------------------------------------------------------------- entries older than their words

/** Where an older entry's item is named: the table and column of each admin area's title. */
const TITLED_AREAS: Record<string, { table: PgTable; id: PgColumn; title: PgColumn }> = {
  'admin.podcasts.': { table: podcasts, id: podcasts.id, title: podcasts.title },
  'admin.blogs.': { table: blogs, id: blogs.id, title: blogs.title },
  'admin.events.': { table: events, id: events.id, title: events.title },
  'admin.directory.': { table: listings, id: listings.id, title: listings.name },
  'admin.forum.': { table: forumPosts, id: forumPosts.id, title: forumPosts.title },
  'admin.newsletter.issues.': { table: newsletterIssues, id: newsletterIssues.id, title: newsletterIssues.subject },
};

/** An entry kept before changes described themselves: its summary is only the procedure's path and input. */
const isPathSummary = (entry: { action: string; summary: string }) => entry.summary === entry.action || entry.summary.startsWith(`${entry.action}: `);

/**
 * Entries recorded before each change said in words what it did carry only the procedure's path
 * and the item's id. They are shown with what is stored now: the member's display name (and an
 * approval's outcome from the kept input), or the item's title. An item since deleted stays as it was.
 */
export async function withOlderEntriesWorded<T extends { action: string; targetId: number | null; summary: string; details: unknown }>(db: Db, entries: T[]): Promise<T[]> {
  const older = entries.filter((entry) => entry.targetId !== null && isPathSummary(entry));
  if (older.length === 0) return entries;
  const words = new Map<T, string>();
  const memberEntries = older.filter((entry) => entry.action.startsWith('admin.users.') || entry.action.startsWith('admin.admins.'));
  if (memberEntries.length) {
    const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, memberEntries.map((entry) => entry.targetId!)));
    const byId = new Map(people.map((person) => [person.id, person]));
    for (const entry of memberEntries) {
      const person = byId.get(entry.targetId!);
      if (!person) continue;
      const approved = (entry.details as { isApproved?: unknown } | null)?.isApproved;
      words.set(entry, entry.action === 'admin.users.setApproval' && typeof approved === 'boolean' ? `${approved ? 'Approved' : 'Rejected'} ${possessive(person)} application` : memberName(person));
    }
  }
  for (const [prefix, area] of Object.entries(TITLED_AREAS)) {
    const inArea = older.filter((entry) => entry.action.startsWith(prefix));
    if (inArea.length === 0) continue;
    const rows = await db.select({ id: area.id, title: area.title }).from(area.table).where(inArray(area.id, inArea.map((entry) => entry.targetId!)));
    const titleOf = new Map(rows.map((row) => [row.id as number, row.title as string]));
    for (const entry of inArea) {
      const title = titleOf.get(entry.targetId!);
      if (title !== undefined) words.set(entry, quoted(title));
    }
  }
  return entries.map((entry) => (words.has(entry) ? { ...entry, summary: words.get(entry)! } : entry));
}
