import type { COMMENTED_ENTITIES, LINKED_ENTITIES, WireName } from './entities';

/** Where a piece of content lives in the client, for search results, activity and Share: the item itself, not its list. */
export type ContentType = WireName<(typeof LINKED_ENTITIES)[number]>;

/** What members comment on, by wire name: 'podcast', 'blog', 'forum'. */
export type CommentedType = WireName<(typeof COMMENTED_ENTITIES)[number]>;

/** The anchor a forum post carries in the list, so a shared link lands on it. */
export const forumPostAnchor = (id: number) => `post-${id}`;

export function contentHref(type: ContentType, id: number): string {
  switch (type) {
    case 'podcast':
      return `/podcasts?podcast=${id}`;
    case 'blog':
      return `/blog?post=${id}`;
    case 'event':
      return `/events?event=${id}`;
    case 'forum':
      return `/community/blog#${forumPostAnchor(id)}`;
  }
}

/** The anchor a comment carries under its item, so a link (a notification's) lands on it. */
export const commentAnchor = (id: number) => `comment-${id}`;

/**
 * Where a comment is read: its item's page, at the comment. The forum has no page per post: its
 * list is told the post by `?post=` (a URL holds one anchor, and it is the comment's).
 */
export function commentHref(type: CommentedType, itemId: number, commentId: number): string {
  const item = type === 'forum' ? `/community/blog?post=${itemId}` : contentHref(type, itemId);
  return `${item}#${commentAnchor(commentId)}`;
}
