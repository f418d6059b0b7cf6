import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { ALL_CATEGORIES, BLOG_CATEGORIES } from '#shared/categories';
import { BlogCard, BlogCardSkeleton } from '../components/content/blog-card';
import { EmptyState, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { SearchFilter } from '../components/content/search-filter';
import { idParam, oneOf, useSearchBox, validateListSearch, type ListSearch } from '../lib/list-search';
import { m } from '#i18n/messages';
import { errorStatus } from '../lib/errors';
import { pageQueries } from '../lib/page-queries';

/** The open article: its own chunk, which the loader preloads so it renders at once. */
const BlogDetail = lazyRouteComponent(() => import('./-components/blog-article'), 'BlogDetail');

interface BlogSearch extends ListSearch {
  /** The open article: in the URL so the browser's back button returns to the list. */
  post?: number;
}

export const Route = createFileRoute('/blog')({
  validateSearch: (search: Record<string, unknown>): BlogSearch => {
    const post = idParam(search.post);
    return { ...validateListSearch(search, BLOG_CATEGORIES), ...(post ? { post } : {}) };
  },
  loaderDeps: ({ search }) => search,
  // In the page's own chunk: the landing page's code doesn't carry it.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, deps }) => {
    if (!deps.post) return void context.queryClient.prefetchInfiniteQuery(context.pageQueries.blogs(deps.q, deps.category));
    // The article comes with its code, so a page the server draws shows it, not its placeholder.
    void context.queryClient.prefetchQuery(context.trpc.content.blogs.article.queryOptions({ id: deps.post }));
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
  const { q, category = ALL_CATEGORIES } = Route.useSearch();
  const navigate = useNavigate({ from: '/blog' });
  const [search, setSearch] = useSearchBox(q, (text) => void navigate({ search: (prev) => ({ ...prev, q: text }), replace: true }));
  const filtering = Boolean(q) || category !== ALL_CATEGORIES;

  const blogs = useInfiniteQuery(pageQueries.blogs(q, category));
  const items = blogs.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={m.content_blog_title()} subtitle={m.content_blog_subtitle()} />
      <SearchFilter
        id="blog"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={(value) => void navigate({ search: (prev) => ({ ...prev, category: oneOf(value, BLOG_CATEGORIES) }), replace: true })}
        categories={BLOG_CATEGORIES}
        searchLabel={m.content_blog_search_label()}
        searchPlaceholder={m.content_blog_search_placeholder()}
      />
      <section aria-label={m.content_blog_title()} aria-busy={blogs.isPending} className="mt-8">
        {blogs.isPending ? (
          <PlaceholderGrid count={PLACEHOLDERS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(i) => <BlogCardSkeleton key={i} />}
          </PlaceholderGrid>
        ) : blogs.isError ? (
          <p role="alert" className="rounded-[var(--radius-card)] bg-destructive/5 px-6 py-8 text-center font-medium text-destructive">
            {messages.blogs.fetchFailed(errorStatus(blogs.error) ?? 0)}
          </p>
        ) : items.length === 0 ? (
          <EmptyState title={m.content_blog_empty()} hint={filtering ? m.content_blog_empty_filtered() : m.content_blog_empty_none()} />
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((blog, index) => (
                <BlogCard key={blog.id} blog={blog} leading={index === 0} />
              ))}
            </div>
            <LoadMore hasMore={blogs.hasNextPage} loading={blogs.isFetchingNextPage} onLoad={() => void blogs.fetchNextPage()} />
          </>
        )}
      </section>
    </div>
  );
}
