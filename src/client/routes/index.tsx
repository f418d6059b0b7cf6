import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingView } from '../components/loading-view';
import { prefetchHome } from '../lib/page-queries';
import { useSession } from '../lib/session';

// Visitors download only the landing page; members only Home.
const Landing = lazy(() => import('./-components/landing').then((module) => ({ default: module.Landing })));

const loadHome = () => import('./-components/home');
const Home = lazy(() => loadHome().then((module) => ({ default: module.Home })));

export const Route = createFileRoute('/')({
  // A member's Home: its code and its data start downloading together, before the page renders.
  loader: ({ context }) => {
    if (!context.queryClient.getQueryData(context.trpc.auth.session.queryKey())) return;
    void loadHome();
    prefetchHome(context.queryClient);
  },
  component: IndexPage,
});

/** `/` is the landing page for visitors and Home for signed-in users (SPEC.md §2). */
function IndexPage() {
  const { user } = useSession();
  return <Suspense fallback={<LoadingView />}>{user ? <Home /> : <Landing />}</Suspense>;
}
