import { useRouterState } from '@tanstack/react-router';
import { pageTitleFor } from '../../shared/page-meta';
import { useDocumentTitle } from '../lib/document-title';

/**
 * Names the tab after the page she moves to. Not needed to paint a page (the server wrote the
 * first page's title), so the root loads it after the first screen, like the toasts.
 */
export function PageTitleSync() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // An open article names the tab itself (blog-article.tsx).
  const openArticle = useRouterState({ select: (state) => state.location.pathname === '/blog' && 'post' in state.location.search });
  useDocumentTitle(openArticle ? undefined : pageTitleFor(pathname));
  return null;
}
