import { ShieldAlert } from 'lucide-react';
import { m } from '#i18n/messages';
import { shortDate } from '../lib/formats';
import type { SessionUser } from '../lib/session';

/** Tells a suspended member why her writes are refused, and until when, on every page. */
export function SuspensionBanner({ suspension }: { suspension: NonNullable<SessionUser['suspension']> }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">{m.suspension_title({ until: shortDate(new Date(suspension.until)) })}</p>
          <p className="[overflow-wrap:anywhere]">{m.suspension_reason({ reason: suspension.reason })}</p>
          <p>{m.suspension_what_still_works()}</p>
        </div>
      </div>
    </div>
  );
}
