/** Page size of the content grids; a full page means there may be more. */
export const GRID_PAGE_SIZE = 12;

/** For tRPC infinite queries over offset pages: the next cursor is the rows loaded so far. */
export function nextOffset<T>(lastPage: T[], allPages: T[][]): number | undefined {
  return lastPage.length === GRID_PAGE_SIZE ? allPages.reduce((total, page) => total + page.length, 0) : undefined;
}
