import { AsyncLocalStorage } from 'node:async_hooks';
import { Buffer } from 'node:buffer';
import { getServerAsyncLocalStorage, overwriteServerAsyncLocalStorage } from '#i18n/runtime';
import { dehydrate, type DehydratedState, hashKey, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import { Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { AppRouter as ApiRouter } from '#server/trpc/root';
import type { Locale } from '#shared/i18n/locale';
import { App } from './app';
import type { SessionUser } from './lib/session';
import { createAppRouter } from './router';
import { createQueryClient } from './trpc';

/**
 * The server's side of the client: renders the screen at an address to HTML on the server
 * (server-side rendering, SSR), so the browser paints the page before any JavaScript has run.
 * Built by `vite build --ssr` into dist/ssr and used by src/server/spa-page.ts; the browser
 * then renders the same screen from the same data (the answers travel with the page as a JSON
 * data block) and hydrates it.
 */

/** Runs one query procedure in the server's process, as the person asking for the page. */
export type CallQuery = (path: string, input: unknown) => Promise<unknown>;

export interface RenderPageOptions {
  /** Path and query string of the page. */
  url: string;
  /** What auth.session answers for this request (null for visitors). */
  session: SessionUser | null;
  /** The page's language; every message the screen renders is worded in it. */
  locale: Locale;
  callQuery: CallQuery;
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The query answers the markup was rendered from, for the browser's cache. */
  queries: DehydratedState;
}

/** A tRPC link that answers queries in the server's process instead of over HTTP. */
function inProcessLink(callQuery: CallQuery): TRPCLink<ApiRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type !== 'query') {
          // Rendering a page on the server only reads; nothing it renders may change data.
          observer.error(TRPCClientError.from(new Error(`${op.path} is not a query`)));
          return;
        }
        callQuery(op.path, op.input).then(
          (data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (cause: unknown) => observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
        );
      });
}

/**
 * Resolves once no query of this cache is fetching (loaders start theirs without waiting). An
 * answer can start more queries (a list, then each listed item's state): they count too.
 */
async function queriesSettled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isFetching() > 0) {
    await new Promise<void>((resolve) => {
      const stop = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return;
        stop();
        resolve();
      });
    });
    // The code waiting on an answer runs first, and starts its own queries.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Where the messages read the page's language while it renders. The built renderer bundles its
 * own copy of the message runtime, so it brings its own storage; run from source (tests,
 * development) it shares the server's.
 */
function languageStorage() {
  let storage = getServerAsyncLocalStorage();
  if (!storage) {
    storage = new AsyncLocalStorage();
    overwriteServerAsyncLocalStorage(storage);
  }
  return storage;
}

/**
 * Renders the screen at `url` on the server, in the page's language, or answers null when the
 * router sends the address elsewhere (the browser then follows the redirect itself).
 */
export function renderPage(options: RenderPageOptions): Promise<RenderedPage | null> {
  return languageStorage().run({ locale: options.locale }, () => renderInLanguage(options));
}

async function renderInLanguage({ url, session, callQuery }: RenderPageOptions): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const trpc = createTRPCOptionsProxy<ApiRouter>({ client: createTRPCClient<ApiRouter>({ links: [inProcessLink(callQuery)] }), queryClient });
  const sessionKey = trpc.auth.session.queryKey();
  queryClient.setQueryData(sessionKey, session);
  const sessionHash = hashKey(sessionKey);

  const router = createAppRouter({ queryClient, trpc, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  if (!router.state.resolvedLocation) return null;
  await queriesSettled(queryClient);

  // The browser's router wraps the page in a Suspense boundary that the server's leaves out;
  // this one stands in for it, so the browser's React can hydrate the server-rendered markup as
  // it is. And one piece of plain HTML: React would otherwise move large sections to the end of
  // the stream and put them in place with inline scripts, which the CSP forbids.
  const page = (
    <Suspense>
      <App router={router} queryClient={queryClient} />
    </Suspense>
  );
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const rendered = {
    html: Buffer.concat(chunks).toString('utf8'),
    // The session travels in its own block (spa-page.ts); failed queries are asked again.
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryHash !== sessionHash }),
  };
  // Drops the cache's timers at once, so a rendered page doesn't hold memory for minutes.
  queryClient.clear();
  return rendered;
}
