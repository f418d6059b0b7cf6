import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { notificationPreferences } from '#db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_KINDS, STAFF_NOTIFICATION_KINDS, type NotificationKind, type NotificationMail, type NotificationPreference } from '#shared/notifications';
import { badRequest } from '../errors';
import { isStaff, type Role } from '../policies';

/** The kinds a member may be told of: staff kinds only for staff. */
export const kindsFor = (viewer: { role: Role }): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => isStaff(viewer) || !(STAFF_NOTIFICATION_KINDS as readonly string[]).includes(kind));

/** Her choice for each kind she may be told of: the defaults, with what she changed. */
export async function preferencesOf(db: Db, viewer: { id: number; role: Role }): Promise<Partial<Record<NotificationKind, NotificationPreference>>> {
  const chosen = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, viewer.id));
  return Object.fromEntries(
    kindsFor(viewer).map((kind) => {
      const row = chosen.find((item) => item.kind === kind);
      return [kind, row ? { site: row.site, mail: row.mail } : DEFAULT_NOTIFICATION_PREFERENCES[kind]];
    }),
  );
}

/** Saves the kinds she sent (each field she left out keeps its value); a kind she can't receive is refused and nothing changes. */
export async function setPreferences(db: Db, viewer: { id: number; role: Role }, changes: Partial<Record<NotificationKind, Partial<NotificationPreference>>>) {
  const allowed = kindsFor(viewer);
  const refused = Object.keys(changes).find((kind) => !allowed.includes(kind as NotificationKind));
  if (refused) throw badRequest(`${refused} is not a kind of notification you receive`);
  const current = await preferencesOf(db, viewer);
  const rows = Object.entries(changes).map(([kind, change]) => ({ userId: viewer.id, kind: kind as NotificationKind, ...current[kind as NotificationKind]!, ...change }));
  if (rows.length) {
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { site: sql`excluded.site`, mail: sql`excluded.mail` } });
  }
  return preferencesOf(db, viewer);
}

/** Of these members, those who turned a kind off on the site: no notification of it is written for them. */
export async function siteTurnedOff(db: Db, kind: NotificationKind, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, kind), eq(notificationPreferences.site, false), inArray(notificationPreferences.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

/** Her mail choice for a kind, in SQL: what she chose, else the kind's default. */
export const mailChoiceSql = (userId: SQL | AnyColumn, kind: SQL | AnyColumn) =>
  sql<NotificationMail>`coalesce((select ${notificationPreferences.mail} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = ${kind}), case ${kind} ${sql.join(
    NOTIFICATION_KINDS.map((kind) => sql`when ${kind} then ${DEFAULT_NOTIFICATION_PREFERENCES[kind].mail}`),
    sql` `,
  )} end::notification_mail)`;

/** Turns mail off for her for these kinds (a one-click unsubscribe); her site choice stays. */
export async function turnMailOff(db: Db, userId: number, kinds: NotificationKind[]): Promise<void> {
  if (!kinds.length) return;
  await db
    .insert(notificationPreferences)
    .values(kinds.map((kind) => ({ userId, kind, site: DEFAULT_NOTIFICATION_PREFERENCES[kind].site, mail: 'off' as const })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { mail: sql`excluded.mail` } });
}
