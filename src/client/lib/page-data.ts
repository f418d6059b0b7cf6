import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { QUERY_DATA_ELEMENT_ID, SESSION_DATA_ELEMENT_ID } from '#shared/site';
import { trpc } from '../trpc';
import type { SessionUser } from './session';

/** The JSON of one of the page's data blocks, or undefined when it is missing or unreadable. */
function readDataBlock(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Takes what the server wrote into the page: the session (so the first screen doesn't wait
 * for auth.session, which still refetches on mount) and the answers the
 * server rendered the page from. Without them the queries simply ask the server.
 */
export function seedQueriesFromPage(queryClient: QueryClient): void {
  const session = readDataBlock(SESSION_DATA_ELEMENT_ID);
  if (session !== undefined) queryClient.setQueryData(trpc.auth.session.queryKey(), session as SessionUser | null);
  const queries = readDataBlock(QUERY_DATA_ELEMENT_ID);
  if (queries !== undefined) hydrate(queryClient, queries as DehydratedState);
}
