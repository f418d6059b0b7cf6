import { Link } from '@tanstack/react-router';
import { m } from '#i18n/messages';
import { buttonVariants } from './ui/button-variants';

/**
 * The 404 page for signed-in users. Admins keep its developer-style hint (a page missing from
 * the router is theirs to fix); members get plain words and a way back.
 */
export function NotFound({ forAdmin }: { forAdmin: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{m.not_found_title()}</h1>
      <p className="text-muted-foreground">{forAdmin ? m.not_found_hint() : m.not_found_kind()}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          {m.not_found_home()}
        </Link>
        {forAdmin ? null : (
          <Link to="/community" className={buttonVariants({ variant: 'outline' })}>
            {m.not_found_community()}
          </Link>
        )}
      </div>
    </section>
  );
}
