/** Page size of the content grids; a full page means there may be more. */
export const GRID_PAGE_SIZE = 12;

/** Comments load in larger pages: a conversation is read in one go. */
export const COMMENT_PAGE_SIZE = 50;

/** For tRPC infinite queries over offset pages of `pageSize`: the next cursor is the rows loaded so far. */
export const nextOffsetFor =
  (pageSize: number) =>
  <T>(lastPage: T[], allPages: T[][]): number | undefined =>
    lastPage.length === pageSize ? allPages.reduce((total, page) => total + page.length, 0) : undefined;

export const nextOffset = nextOffsetFor(GRID_PAGE_SIZE);
