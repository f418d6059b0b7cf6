import { m } from '#i18n/messages';
import { LogoMark } from './logo';

/** Shown while the session is still resolving. */
export function LoadingView() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <LogoMark className="size-14 animate-pulse" />
      <p className="text-muted-foreground">{m.common_loading()}</p>
    </div>
  );
}
