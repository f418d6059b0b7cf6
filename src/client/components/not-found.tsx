import { Link } from '@tanstack/react-router';
import { copy } from '../copy';
import { buttonVariants } from './ui/button-variants';

/** The 404 page for signed-in users, with its developer-style hint. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{copy.notFound.title}</h1>
      <p className="text-muted-foreground">{copy.notFound.hint}</p>
      <Link to="/" className={buttonVariants()}>
        {copy.notFound.home}
      </Link>
    </section>
  );
}
