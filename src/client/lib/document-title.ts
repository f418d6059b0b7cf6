import { useEffect } from 'react';
import { documentTitle } from '#shared/page-meta';
import { DEFAULT_SITE_NAME } from '#shared/site';

/**
 * Keeps the tab's title on the page she is on as she moves around in the app (the server wrote
 * the first page's). `undefined` leaves it as it is, for a page that names itself once loaded.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title, DEFAULT_SITE_NAME);
  }, [title]);
}
