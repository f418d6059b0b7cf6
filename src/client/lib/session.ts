import { useQuery } from '@tanstack/react-query';
import { SESSION_DATA_ELEMENT_ID } from '../../shared/site';
import { queryClient, trpc, trpcClient } from '../trpc';

/**
 * The session query of SPEC.md §7: never cached as fresh, refetched on mount and focus, no retry.
 * A visitor's answer is null.
 */
export const sessionQueryOptions = () => ({
  ...trpc.auth.session.queryOptions(),
  staleTime: 0,
  refetchOnMount: true as const,
  refetchOnWindowFocus: true as const,
  retry: false as const,
});

export type SessionUser = NonNullable<Awaited<ReturnType<typeof trpcClient.auth.session.query>>>;

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * Takes the session the server wrote into the page, so the first screen renders without
 * waiting for auth.session (which still refetches on mount, as SPEC.md §7 asks).
 */
export function seedSessionFromPage(): void {
  const block = document.getElementById(SESSION_DATA_ELEMENT_ID);
  if (!block?.textContent) return;
  try {
    queryClient.setQueryData(trpc.auth.session.queryKey(), JSON.parse(block.textContent) as SessionUser | null);
  } catch {
    // An unreadable block: the session query asks the server instead.
  }
}

/** Reads the session for route guards (beforeLoad), using the cache when it has an answer. */
export async function loadSession(): Promise<SessionUser | null> {
  return (await queryClient.ensureQueryData(sessionQueryOptions())) ?? null;
}

/**
 * Logout as SPEC.md §4 describes: the server call (member or admin endpoint), then the
 * client forgets everything it holds and goes to /, whether or not the call succeeded.
 */
export async function signOut({ admin = false }: { admin?: boolean } = {}): Promise<void> {
  try {
    await (admin ? trpcClient.auth.adminLogout.mutate() : trpcClient.auth.logout.mutate());
  } catch {
    // A failed logout call is ignored; the cleanup below still happens.
  }
  queryClient.clear();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.location.replace('/');
}
