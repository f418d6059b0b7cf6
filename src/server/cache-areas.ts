import { ENTITY_AREAS, type EntityArea } from '#shared/entities';

/**
 * What part of the site's data a procedure reads or changes, for the read cache: a stored
 * answer is dropped when a write changes an area it read, and kept through writes elsewhere
 * (a like on a podcast leaves the events list stored). Each procedure declares it in its own
 * meta (`cache`, a CacheRule), so the rule for a write sits next to the write.
 *
 * Some procedures read or change one item of their area, named by a field of their input
 * (`item`): an article read by id is kept through a like on another article, while every
 * list of articles (which reads the area as a whole) is dropped by either.
 *
 * An entity's area is named in src/shared/entities.ts ('forumPosts'); the newsletter's
 * subscriptions and issues are one more area.
 */
export type CacheArea = EntityArea | 'newsletter';

/** Every area: what an undeclared write, or a write outside the procedures, touches. */
export const ALL_AREAS: readonly CacheArea[] = [...ENTITY_AREAS, 'newsletter'];

/** The input field naming the one item a procedure reads or changes. */
export type ItemField = 'id';

type SomeAreas = readonly [CacheArea, ...CacheArea[]];

/**
 * A read whose answer the read cache may store and replay to anyone: it depends only on the
 * input and the data, never on who asks ('exceptForAdmins': admins get a personal answer,
 * since they also see drafts). It names what it reads: one item of one area, or areas as a whole.
 */
export type SharedRead = { shared: true | 'exceptForAdmins'; changes?: never } & (
  | { reads: readonly [CacheArea]; item: ItemField }
  | { reads: SomeAreas; item?: never }
);

/**
 * A write: the areas it changes (none: it changes no shared answer), or one item of one area.
 * The stored answers that read what it changed are dropped when it went through.
 */
export type Write = { shared?: never; reads?: never } & (
  | { changes: readonly [CacheArea]; item: ItemField }
  | { changes: readonly CacheArea[]; item?: never }
);

/**
 * A procedure's `cache` meta. Every write declares one, and every shared read (a test walks the
 * router); a read without one is personal, never stored.
 */
export type CacheRule = SharedRead | Write;

/** Whether this viewer's answer is the one every viewer gets. */
export function isSharedAnswer(rule: CacheRule | undefined, viewer: { isAdmin: boolean } | null): boolean {
  if (!rule?.shared) return false;
  return rule.shared === true || !viewer?.isAdmin;
}

/** One procedure call of a request: the areas it read (a query) or changed (a write), and the item it named. */
export interface ProcedureCall {
  areas: readonly CacheArea[];
  itemId?: number;
}

/**
 * A call as its procedure declared it. A query reads what it declared (a personal one is never
 * stored, so what it reads matters to no one); a write without a declaration counts as
 * changing everything, so it is never served stale (and a test fails for it).
 */
export function callOf(type: 'query' | 'mutation' | 'subscription', rule: CacheRule | undefined, rawInput: unknown): ProcedureCall {
  const areas = type === 'query' ? (rule?.reads ?? []) : (rule && !rule.shared ? rule.changes : ALL_AREAS);
  return { areas, itemId: rule?.item ? itemIdOf(rawInput, rule.item) : undefined };
}

/** The item an input names; undefined for an id that isn't one (the call then counts as whole-area). */
export function itemIdOf(rawInput: unknown, field: ItemField = 'id'): number | undefined {
  if (rawInput === null || typeof rawInput !== 'object') return undefined;
  const id = (rawInput as Record<string, unknown>)[field];
  const value = typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : id;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** One item of an area, as the cache names it: 'blogs#7'. */
export type ItemReference = `${CacheArea}#${number}`;

/** What a request read (for a stored answer) or changed (for a write): areas as a whole, and single items. */
export interface DataReferences {
  areas: Set<CacheArea>;
  items: Set<ItemReference>;
}

export const areaOfItem = (item: ItemReference) => item.slice(0, item.indexOf('#')) as CacheArea;

/** The references of a request's calls; no call (a plain route): every area as a whole. */
export function referencesOf(calls: readonly ProcedureCall[]): DataReferences {
  if (calls.length === 0) return { areas: new Set(ALL_AREAS), items: new Set() };
  const references: DataReferences = { areas: new Set(), items: new Set() };
  for (const { areas, itemId } of calls) {
    // An item sits in exactly one area (the rule's type says so); anything else counts as whole.
    if (itemId !== undefined && areas.length === 1) references.items.add(`${areas[0]!}#${itemId}`);
    else for (const area of areas) references.areas.add(area);
  }
  return references;
}

/**
 * Whether a change makes a stored answer stale: it read an area the change touched in any way
 * (a list reads every item), or an item the change touched, alone or with its whole area.
 */
export function isAffectedBy(read: DataReferences, change: DataReferences): boolean {
  for (const area of read.areas) if (change.areas.has(area)) return true;
  for (const item of change.items) if (read.areas.has(areaOfItem(item)) || read.items.has(item)) return true;
  for (const item of read.items) if (change.areas.has(areaOfItem(item))) return true;
  return false;
}
