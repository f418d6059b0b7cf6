import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { copy } from '../copy';

export const Route = createFileRoute('/blog')({
  component: () => <ComingSoon title={copy.nav.blog} />,
});
