import { useRouterState } from '@tanstack/react-router';
import { opensItem, pageTitleFor } from '#shared/page-meta';
import { useDocumentTitle } from '../lib/document-title';

/**
 * Names the tab after the page she moves to. Not needed to paint a page (the server wrote the
 * first page's title), so the root loads it after the first screen, like the toasts.
 */
export function PageTitleSync() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // A page showing one item (an article, an event, a podcast) names the tab after it itself.
  const openItem = useRouterState({ select: (state) => opensItem(state.location.pathname, state.location.search) });
  useDocumentTitle(openItem ? undefined : pageTitleFor(pathname));
  return null;
}
