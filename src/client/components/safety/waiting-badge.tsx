import { Clock } from 'lucide-react';
import { messages } from '#shared/messages';
import { Badge } from '../ui/badge';

/** On her own post or comment while it waits for a moderator: only she sees it. */
export function WaitingBadge() {
  return (
    <Badge className="bg-accent text-accent-foreground">
      <Clock className="size-3" aria-hidden="true" />
      {messages.safety.waitingForReview}
    </Badge>
  );
}
