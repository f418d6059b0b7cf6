import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { copy } from '../copy';

export const Route = createFileRoute('/community-hub')({
  component: () => <ComingSoon title={copy.nav.communityHub} />,
});
