import { createFileRoute } from '@tanstack/react-router';
import { CommunityHub } from '../-components/community-hub';

/** /community shows the Community Hub. */
export const Route = createFileRoute('/community/')({
  component: CommunityHub,
});
