/** Page size of the content grids; a full page means there may be more. */
export const GRID_PAGE_SIZE = 12;

/** Comments load in larger pages: a conversation is read in one go. */
export const COMMENT_PAGE_SIZE = 50;

/**
 * For the site's lists (keyset pages): the next page starts after the last item shown; a page
 * shorter than `pageSize` was the last.
 */
export const nextCursorFor =
  (pageSize: number) =>
  (lastPage: { id: number }[]): number | undefined =>
    lastPage.length === pageSize ? lastPage.at(-1)?.id : undefined;

export const nextCursor = nextCursorFor(GRID_PAGE_SIZE);

/** The same for a list whose rows another key names (`cursorOf`), such as the review queue's kind and id. */
export const nextCursorBy =
  <Row, Cursor>(pageSize: number, cursorOf: (row: Row) => Cursor) =>
  (lastPage: Row[]): Cursor | undefined =>
    lastPage.length === pageSize ? cursorOf(lastPage.at(-1)!) : undefined;

