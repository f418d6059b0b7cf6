import { messages } from '#shared/messages';
import { toast } from '#client/components/ui/toast';

/** What a visitor sees when she tries a member action: the destructive 'Authentication Required' toast. */
export function askToSignIn(description: string) {
  toast({ title: messages.forum.authRequiredTitle, description, variant: 'destructive' });
}
