import { type AnyPgColumn, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, heldIndex, id, publication, weeklyActivityIndex } from './columns';

/** The column naming what a like or comment belongs to: its key in the code, its SQL name, the item's id it references. */
interface Item<Key extends string> {
  key: Key;
  /** SQL name, as 'podcast_id'; its index is named for it without the '_id' ('podcast_comments_podcast_idx'). */
  column: string;
  references: () => AnyPgColumn;
}

/** The item's column (a like or comment goes with its item) and the member's (goes with her account). */
function itemAndMember<Key extends string>(item: Item<Key>) {
  const itemColumn = integer(item.column).notNull().references(item.references, { onDelete: 'cascade' });
  return {
    ...({ [item.key]: itemColumn } as Record<Key, typeof itemColumn>),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}

/**
 * A like table: one like per member and item (its primary key), indexed by member for her own
 * list. `activity`: the admin overview counts these likes week by week.
 */
export function likesTable<Key extends string>(name: string, item: Item<Key>, { activity = false } = {}) {
  return pgTable(name, { ...itemAndMember(item), createdAt: createdAt() }, (t) => [
    primaryKey({ columns: [t[item.key], t.userId] }),
    index(`${name}_user_idx`).on(t.userId),
    ...(activity ? [weeklyActivityIndex(`${name}_activity_idx`, t)] : []),
  ]);
}

/**
 * A comment table: a member's comment under an item, with its publication state (held for
 * review, hidden), read newest-last per item; indexed for her own list, the review queue and
 * the admin overview's weekly counts. `parentId`: the comment it answers (a reply), always a
 * comment without a parent of its own (one level); deleting a comment deletes its replies.
 */
export function commentsTable<Key extends string>(name: string, item: Item<Key>) {
  const columns = { id: id(), ...itemAndMember(item), parentId: integer('parent_id'), content: text('content').notNull(), ...publication(), createdAt: createdAt() };
  return pgTable(name, columns, (t) => [
    foreignKey({ name: `${name}_parent_fk`, columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    index(`${name}_parent_idx`).on(t.parentId),
    // An item's comments in order; the state, author and parent (what the viewer's visibility
    // rule reads) come last so that a page is chosen from the index alone (an index-only scan)
    // and the table is read for the page's rows only.
    index(`${name}_${item.column.replace(/_id$/, '')}_idx`).on(t[item.key], t.createdAt, t.id, t.state, t.userId, t.parentId),
    index(`${name}_user_idx`).on(t.userId),
    heldIndex(`${name}_held_idx`, t),
    weeklyActivityIndex(`${name}_activity_idx`, t),
  ]);
}
