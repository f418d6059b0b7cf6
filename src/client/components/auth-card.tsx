import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { buttonVariants } from './ui/button-variants';

/**
 * The centred card that frames the sign-in and application forms. These pages have no top bar
 * or footer, so the card fills the screen's height and the language switch sits above it, where
 * the top bar would have it. `inPage`: a page that keeps the site's bar and footer (the pages a
 * mailed link opens), so neither.
 */
export function AuthCard({ title, subtitle, children, wide = false, inPage = false }: { title: string; subtitle: string; children: ReactNode; wide?: boolean; inPage?: boolean }) {
  return (
    <div className={`${inPage ? 'py-10 sm:py-16' : 'min-h-dvh py-6 sm:py-10'} bg-[radial-gradient(ellipse_at_top,_var(--color-secondary),_transparent_60%)] px-4`}>
      <div className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        {inPage ? null : (
          <div className="mb-2 flex justify-end">
            <LanguageSwitch className={buttonVariants({ variant: 'ghost', size: 'sm' })} />
          </div>
        )}
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-12" />
          <h1 className="text-3xl font-semibold">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </div>
        <div className="rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </div>
  );
}
