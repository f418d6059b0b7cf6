import { useDocumentTitle } from '#client/lib/document-title';
import type { ReactNode } from 'react';
import { errorStatus } from '#client/lib/errors';
import { m } from '#i18n/messages';
import { Button } from '../ui/button';

/** An empty list: what happened and what to try next. */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-border bg-card/60 px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {hint ? <p className="mt-1 text-muted-foreground">{hint}</p> : null}
      {children}
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-[var(--radius-card)] border border-destructive/30 bg-destructive/5 px-6 py-8 text-center">
      <p className="font-medium text-destructive">{m.content_load_failed()}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {m.content_retry()}
      </Button>
    </div>
  );
}

/**
 * 'Load more' under a list whose last page was full, or `label` where the page holds another
 * list with its own (a thread's comments under the forum's posts); `className` replaces the
 * space above it.
 */
export function LoadMore({ hasMore, loading, onLoad, label, className = 'mt-8' }: { hasMore: boolean; loading: boolean; onLoad: () => void; label?: string; className?: string }) {
  if (!hasMore) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading ? m.content_loading_more() : (label ?? m.content_load_more())}
      </Button>
    </div>
  );
}

/** The page's title; a hidden 'Results' heading follows, so the cards' h3 titles sit in order. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <header className="mb-8 grid gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="max-w-2xl text-muted-foreground">{subtitle}</p>
      </header>
      <h2 className="sr-only">{m.content_results_heading()}</h2>
    </>
  );
}

/** Loading placeholders: `count` skeletons in the grid of the final shape, announced as loading. */
export function PlaceholderGrid({ count, className, children }: { count: number; className: string; children: (index: number) => ReactNode }) {
  return (
    <div role="status" aria-label={m.common_loading()} className={className}>
      {Array.from({ length: count }, (_, i) => children(i))}
    </div>
  );
}

/**
 * One item of a list on a page of its own (a search result, an activity row or a shared
 * link opens it): the way back to the list, then the item, its placeholder or why it is missing.
 */
export function ItemPage({
  heading,
  back,
  query,
  placeholder,
  children,
}: {
  heading: string;
  back: ReactNode;
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: { title: string } };
  placeholder: ReactNode;
  children: () => ReactNode;
}) {
  // The tab is named after the item once it is loaded.
  useDocumentTitle(query.data?.title);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="mb-6">{back}</div>
      <h1 className="sr-only">{heading}</h1>
      {query.isPending ? (
        placeholder
      ) : query.error ? (
        errorStatus(query.error) === 404 ? (
          <EmptyState title={m.content_item_missing()} />
        ) : (
          <LoadFailed onRetry={() => void query.refetch()} />
        )
      ) : (
        children()
      )}
    </div>
  );
}
