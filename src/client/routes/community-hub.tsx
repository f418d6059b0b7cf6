import { createFileRoute } from '@tanstack/react-router';
import { CommunityHub } from './-components/community-hub';

export const Route = createFileRoute('/community-hub')({
  component: CommunityHub,
});
