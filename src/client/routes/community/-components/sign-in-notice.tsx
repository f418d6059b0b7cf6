import { Link } from '@tanstack/react-router';
import { communityCopy } from '../../../copy/community';

/** A quiet line for visitors with the way to sign in. */
export function SignInNotice() {
  return (
    <p className="rounded-2xl bg-secondary px-4 py-3 text-sm text-secondary-foreground">
      {communityCopy.signInPrompt}{' '}
      <Link to="/login" className="font-semibold underline underline-offset-4">
        {communityCopy.signInLink}
      </Link>
    </p>
  );
}
