/**
 * The comment a link names in the address's fragment, or null: `#comment-345`, the anchor
 * `commentAnchor` (#shared/links) gives each comment and a notification's link ends with.
 */
export function linkedCommentId(hash: string): number | null {
  const id = Number(/^#?comment-(\d{1,10})$/.exec(hash)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A thread's pages as TanStack Query's infinite query keeps them: whether another exists,
 * whether any page is being read (the next, or the loaded ones again after she wrote), and how
 * to ask for the next.
 */
export interface MoreComments {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Whether a thread must load its next page to reach the comment a link names (or the one she
 * just added), one page at a time, never while its pages are being read. A thread reads
 * oldest first, a page at a time, so the newest replies (those notifications name) are often past
 * the first page. Comment ids grow with time: while every loaded comment is older than the linked
 * one and another page exists, a later page may hold it. A linked comment she can't see (deleted,
 * or by a member she blocked) stops the loading at the first page past its place, not at the
 * thread's end.
 */
export function mustLoadTowardLink(linked: number, loadedIds: readonly number[], more: Pick<MoreComments, 'hasNextPage' | 'isFetching'>): boolean {
  if (!more.hasNextPage || more.isFetching || loadedIds.includes(linked)) return false;
  return loadedIds.every((id) => id < linked);
}
