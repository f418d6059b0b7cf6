import { m } from '#i18n/messages';
import { messages } from '#shared/messages';
import { toast } from '#client/components/ui/toast';

/** What a visitor sees when she tries a member action: the 'Authentication Required' toast, with a Sign In action. */
export function askToSignIn(description: string) {
  toast({ title: messages.forum.authRequiredTitle, description, variant: 'destructive', action: { label: m.nav_sign_in(), to: '/login' } });
}
