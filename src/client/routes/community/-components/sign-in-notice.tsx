import { Link } from '@tanstack/react-router';
import { m } from '#i18n/messages';

/** A quiet line for visitors with the way to sign in; a member page passes its own words. */
export function SignInNotice({ prompt = m.community_sign_in_prompt() }: { prompt?: string }) {
  return (
    <p className="rounded-2xl bg-secondary px-4 py-3 text-sm text-secondary-foreground">
      {prompt}{' '}
      <Link to="/login" className="whitespace-nowrap font-semibold underline underline-offset-4">
        {m.community_sign_in_link()}
      </Link>
    </p>
  );
}
