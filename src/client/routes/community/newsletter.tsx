import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/community/newsletter')({
  component: () => <ComingSoon title="Newsletter" />,
});
