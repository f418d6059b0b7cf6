import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/community/blog')({
  component: () => <ComingSoon title="Discussion forum" />,
});
