import { messages } from '../../../shared/messages';
import { errorStatus, serverMessage } from '../../lib/errors';
import { toast } from '../ui/toast';

/** A failure that says 401 or 'Authentication required' means "sign in first". */
export function isAuthFailure(error: unknown): boolean {
  return errorStatus(error) === 401 || (serverMessage(error) ?? '').includes(messages.access.authRequired);
}

/** The destructive 'Authentication Required' toast with the area's own words. */
export function toastSignInRequired(description: string) {
  toast({ title: messages.podcasts.authTitle, description, variant: 'destructive' });
}

/** Like/comment failure toasts: sign-in needed, or the area's generic failure text. */
export function toastActionFailure(error: unknown, signInText: string, failureText: string) {
  if (isAuthFailure(error)) toastSignInRequired(signInText);
  else toast({ title: messages.comments.errorTitle, description: failureText, variant: 'destructive' });
}
