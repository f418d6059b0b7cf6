import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../shared/messages';
import { ALL_CATEGORIES, BLOG_CATEGORIES } from '../../shared/categories';
import { BlogCard, BlogCardSkeleton } from '../components/content/blog-card';
import { EmptyState, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { SearchFilter } from '../components/content/search-filter';
import { useDebounced } from '../lib/use-debounced';
import { contentCopy } from '../copy/content';
import { errorStatus } from '../lib/errors';
import { pageQueries } from '../lib/page-queries';

/** The open article: its own chunk, which the loader preloads so it renders at once. */
const BlogDetail = lazyRouteComponent(() => import('./-components/blog-article'), 'BlogDetail');

interface BlogSearch {
  /** The open article: in the URL so the browser's back button returns to the list. */
  post?: number;
}

export const Route = createFileRoute('/blog')({
  validateSearch: (search: Record<string, unknown>): BlogSearch => {
    const post = Number(search.post);
    return Number.isInteger(post) && post > 0 ? { post } : {};
  },
  loaderDeps: ({ search }) => ({ post: search.post }),
  loader: async ({ context, deps }) => {
    if (!deps.post) return void context.queryClient.prefetchInfiniteQuery(context.pageQueries.blogs());
    await BlogDetail.preload?.();
  },
  component: BlogPage,
});

const PLACEHOLDERS = 6;

function BlogPage() {
  const { post } = Route.useSearch();
  return post ? <BlogDetail id={post} /> : <BlogList />;
}

function BlogList() {
  const t = contentCopy.blog;
  const navigate = useNavigate({ from: '/blog' });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const debouncedSearch = useDebounced(search.trim());
  const filtering = debouncedSearch !== '' || category !== ALL_CATEGORIES;

  const blogs = useInfiniteQuery(
    pageQueries.blogs(debouncedSearch, category),
  );
  const items = blogs.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <SearchFilter
        id="blog"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={BLOG_CATEGORIES}
        searchLabel={t.searchLabel}
        searchPlaceholder={t.searchPlaceholder}
      />
      <section aria-label={t.title} aria-busy={blogs.isPending} className="mt-8">
        {blogs.isPending ? (
          <PlaceholderGrid count={PLACEHOLDERS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(i) => <BlogCardSkeleton key={i} />}
          </PlaceholderGrid>
        ) : blogs.isError ? (
          <p role="alert" className="rounded-[var(--radius-card)] bg-destructive/5 px-6 py-8 text-center font-medium text-destructive">
            {messages.blogs.fetchFailed(errorStatus(blogs.error) ?? 0)}
          </p>
        ) : items.length === 0 ? (
          <EmptyState title={t.empty} hint={filtering ? t.emptyFiltered : t.emptyNone} />
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((blog, index) => (
                <BlogCard key={blog.id} blog={blog} leading={index === 0} onOpen={() => void navigate({ search: { post: blog.id } })} />
              ))}
            </div>
            <LoadMore hasMore={blogs.hasNextPage} loading={blogs.isFetchingNextPage} onLoad={() => void blogs.fetchNextPage()} />
          </>
        )}
      </section>
    </div>
  );
}
