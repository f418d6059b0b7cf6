import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient, type Trpc } from '../trpc';
import type { RouterContext } from '../router';

/** True while the page's first screen starts (see startWithPageSession). */
let firstScreenStarting = false;

/**
 * The session query: never cached as fresh, refetched on mount and focus, no retry.
 * A visitor's answer is null.
 */
export const sessionQueryOptions = (client: Trpc = trpc) => ({
  ...client.auth.session.queryOptions(),
  staleTime: 0,
  refetchOnMount: () => !firstScreenStarting,
  refetchOnWindowFocus: true as const,
  retry: false as const,
});

export type SessionUser = NonNullable<Awaited<ReturnType<typeof trpcClient.auth.session.query>>>;

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * The first screen starts with the session the page came with, which the server read for this
 * very request: its mounts don't refetch it, or every part of the screen that reads the
 * session would render again as soon as it is on screen. Returns what to call once the first
 * screen is up: the session is then refetched once, and every later mount refetches it.
 */
export function startWithPageSession(): () => void {
  firstScreenStarting = true;
  return () => {
    firstScreenStarting = false;
    void queryClient.refetchQueries({ queryKey: trpc.auth.session.queryKey() });
  };
}

/** Moderators and admins: the admin panel is theirs, with the tabs of their role's permissions. */
export const isStaffUser = (user: SessionUser) => user.role !== 'member';

/** Reads the session for route guards (beforeLoad), using the cache when it has an answer. */
export async function loadSession(context: Pick<RouterContext, 'queryClient' | 'trpc'>): Promise<SessionUser | null> {
  return (await context.queryClient.ensureQueryData(sessionQueryOptions(context.trpc))) ?? null;
}

/**
 * Logout: the server call (member or admin endpoint), then the
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
