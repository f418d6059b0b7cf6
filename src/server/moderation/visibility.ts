import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '#db/schema';
import { qualified } from '../services/content-query';
import type { Role } from '#shared/roles';

/** Who reads member-written content: a signed-in member (admins included) or a visitor (null). */
export type ContentViewer = { id: number; role: Role } | null;

/**
 * The viewer as the rules below write her into a query: only her id goes in, or, in a prepared
 * read (src/server/domains/prepared.ts), the placeholder that stands for it (signedInViewer),
 * whose value is given at each call as `viewerId`. Null for a visitor.
 */
export type ViewerInQuery = { id: number | Placeholder } | null;

/** A signed-in member, whoever she is, as a prepared read writes her. */
export const signedInViewer: ViewerInQuery = { id: sql.placeholder('viewerId') };

/** A table of member-written content: its author and where it stands (see PUBLICATION_STATES). */
export interface MemberContent {
  userId: PgColumn;
  state: PgColumn;
}

/**
 * Rows whose author and the viewer have no block between them, either way: a block hides
 * each one's posts and comments from the other. Visitors have no blocks.
 */
export function noBlockBetween(viewer: ViewerInQuery, authorId: PgColumn): SQL | undefined {
  if (!viewer) return undefined;
  const author = qualified(authorId);
  return sql`not exists (select 1 from ${blocks} where (${qualified(blocks.blockerId)} = ${viewer.id} and ${qualified(blocks.blockedId)} = ${author}) or (${qualified(blocks.blockerId)} = ${author} and ${qualified(blocks.blockedId)} = ${viewer.id}))`;
}

/**
 * What this viewer may see of member-written content (forum posts, comments of every kind),
 * the one rule every list, page, count and lookup for members and visitors goes through:
 * published items, and her own items waiting for review; nothing hidden by moderators; and
 * nothing by a member she blocked or who blocked her. Moderators see held and hidden items
 * in the admin panel's queues, not here.
 */
export function visibleTo(viewer: ViewerInQuery, t: MemberContent): SQL {
  // The states are written into the query, not sent as parameters: a plan PostgreSQL keeps for
  // every call (db/client.ts) then knows that most rows are published, and walks a list's
  // index for a page instead of planning each call for it.
  const published = sql`${t.state} = 'published'`;
  const stateVisible = viewer ? sql`(${published} or (${t.state} = 'held' and ${eq(t.userId, viewer.id)}))` : published;
  return and(stateVisible, noBlockBetween(viewer, t.userId))!;
}

/**
 * The same rule for a row of member-written content read under an alias in a subquery (the
 * comment a reply answers): its `state` and `user_id` columns, which every such table has.
 */
export function visibleAs(viewer: ViewerInQuery, alias: string): SQL {
  const state = sql.raw(`${alias}.state`);
  const author = sql.raw(`${alias}.user_id`);
  const stateVisible = viewer ? sql`(${state} = 'published' or (${state} = 'held' and ${author} = ${viewer.id}))` : sql`${state} = 'published'`;
  if (!viewer) return stateVisible;
  const blocked = sql`exists (select 1 from ${blocks} where (${qualified(blocks.blockerId)} = ${viewer.id} and ${qualified(blocks.blockedId)} = ${author}) or (${qualified(blocks.blockerId)} = ${author} and ${qualified(blocks.blockedId)} = ${viewer.id}))`;
  return sql`${stateVisible} and not ${blocked}`;
}

/** Only what everyone sees: for counts shown to all (a post's comment count, the hub's post count). */
export const publishedOnly = (state: PgColumn) => sql`${qualified(state)} = 'published'`;
