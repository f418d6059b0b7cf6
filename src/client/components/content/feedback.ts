import { m } from '#i18n/messages';
import { messages } from '#shared/messages';
import { errorStatus, serverMessage } from '#client/lib/errors';
import { toast } from '../ui/toast';

/** A failure that says 401 or 'Authentication required' means "sign in first". */
export function isAuthFailure(error: unknown): boolean {
  return errorStatus(error) === 401 || (serverMessage(error) ?? '').includes(messages.access.authRequired);
}

/** The 'Authentication Required' toast with the area's own words, and a Sign In action as the way on. */
export function toastSignInRequired(description: string) {
  toast({ title: messages.podcasts.authTitle, description, variant: 'destructive', action: { label: m.nav_sign_in(), to: '/login' } });
}

/**
 * Like/comment failure toasts: sign-in needed; a refusal with the server's reason (403, e.g.
 * a suspension until a date); or the area's generic failure text.
 */
export function toastActionFailure(error: unknown, signInText: string, failureText: string) {
  if (isAuthFailure(error)) return toastSignInRequired(signInText);
  const description = errorStatus(error) === 403 ? (serverMessage(error) ?? failureText) : failureText;
  toast({ title: messages.comments.errorTitle, description, variant: 'destructive' });
}
