import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { LoadingView } from '../components/loading-view';
import { prefetchHome } from '../lib/page-queries';
import { useSession } from '../lib/session';
import { Home, Landing } from './-components/screens';

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const user = context.queryClient.getQueryData(context.trpc.auth.session.queryKey());
    if (user === undefined) return;
    // A member's Home: its data starts downloading with its code.
    if (user) prefetchHome(context);
    await (user ? Home : Landing).preload?.();
  },
  component: IndexPage,
});

/** `/` is the landing page for visitors and Home for signed-in users. */
function IndexPage() {
  const { user } = useSession();
  return <Suspense fallback={<LoadingView />}>{user ? <Home /> : <Landing />}</Suspense>;
}
