/** Where a piece of content lives in the client, for search results, activity and Share. */
export type ContentType = 'podcast' | 'blog' | 'event' | 'forum';

/** The anchor a forum post carries in the list, so a shared link lands on it. */
export const forumPostAnchor = (id: number) => `post-${id}`;

export function contentHref(type: ContentType, id: number): string {
  switch (type) {
    case 'podcast':
      return '/podcasts';
    case 'blog':
      return `/blog?post=${id}`;
    case 'event':
      return '/events';
    case 'forum':
      return `/community/blog#${forumPostAnchor(id)}`;
  }
}
