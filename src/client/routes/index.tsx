import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingView } from '../components/loading-view';
import { useSession } from '../lib/session';

// Visitors download only the landing page; members only Home.
const Landing = lazy(() => import('./-components/landing').then((module) => ({ default: module.Landing })));
const Home = lazy(() => import('./-components/home').then((module) => ({ default: module.Home })));

export const Route = createFileRoute('/')({
  component: IndexPage,
});

/** `/` is the landing page for visitors and Home for signed-in users (SPEC.md §2). */
function IndexPage() {
  const { user } = useSession();
  return <Suspense fallback={<LoadingView />}>{user ? <Home /> : <Landing />}</Suspense>;
}
