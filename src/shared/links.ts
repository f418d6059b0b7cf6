import type { LINKED_ENTITIES, WireName } from './entities';

/** Where a piece of content lives in the client, for search results, activity and Share: the item itself, not its list. */
export type ContentType = WireName<(typeof LINKED_ENTITIES)[number]>;

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
