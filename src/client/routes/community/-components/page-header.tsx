import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { m } from '#i18n/messages';

/** The back link to /community, the page title and its intro, shared by the community pages. */
export function CommunityPageHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions?: ReactNode }) {
  return (
    <header className="grid gap-4">
      <Link
        to="/community"
        className="inline-flex w-fit items-center gap-2 rounded-full text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {m.community_back()}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          <p className="max-w-2xl text-muted-foreground">{subtitle}</p>
        </div>
        {actions}
      </div>
    </header>
  );
}
