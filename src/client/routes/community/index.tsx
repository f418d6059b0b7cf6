import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/community/')({
  component: () => <ComingSoon title="Community" />,
});
