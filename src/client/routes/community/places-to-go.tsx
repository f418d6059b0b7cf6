import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/community/places-to-go')({
  component: () => <ComingSoon title="Places to Go" />,
});
