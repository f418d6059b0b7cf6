import { messages } from '../../../../shared/messages';
import { toast } from '../../../components/ui/toast';

/** What a visitor sees when she tries a member action: the toast of SPEC.md §8. */
export function askToSignIn(description: string) {
  toast({ title: messages.forum.authRequiredTitle, description, variant: 'destructive' });
}
