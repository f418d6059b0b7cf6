import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { SafeImage } from '#client/components/content/safe-image';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';

/** A content row (podcast, listing, event, blog, post) with its edit and delete buttons. */
export function ItemCard({
  name,
  title,
  badges,
  meta,
  children,
  media,
  onEdit,
  onDelete,
  deleting,
  extraActions,
}: {
  name: string;
  title: ReactNode;
  badges?: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  media?: ReactNode;
  onEdit?: () => void;
  onDelete?: () => void;
  deleting?: boolean;
  extraActions?: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 overflow-hidden p-5">
      {media}
      <div className="flex flex-wrap items-center gap-2">{badges}</div>
      <h3 dir="auto" className="text-lg font-semibold leading-snug">{title}</h3>
      {meta ? <div className="text-sm text-muted-foreground">{meta}</div> : null}
      {children ? (
        <div dir="auto" className="text-sm text-foreground/90">
          {children}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {extraActions}
        {onEdit ? (
          <Button size="sm" variant="outline" aria-label={m.admin_common_edit_named({ name })} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {m.admin_common_edit()}
          </Button>
        ) : null}
        {onDelete ? (
          <Button size="sm" variant="destructive" aria-label={m.admin_common_delete_named({ name })} disabled={deleting} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            {deleting ? m.admin_common_deleting() : m.admin_common_delete()}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** A card's cover picture, edge to edge above the badges (for ItemCard's `media`); a broken one shows the placeholder. */
export function CardImage({ src }: { src: string | null | undefined }) {
  // Admin lists: one column, two from 768 px, three from 1280 px in a 7xl page.
  return src ? <SafeImage src={src} alt="" className="-mx-5 -mt-5 mb-1 aspect-[2/1] w-[calc(100%+2.5rem)] max-w-none" sizes="(min-width: 1280px) 420px, (min-width: 768px) 50vw, 100vw" /> : null;
}

/** The submit row of every content dialog: Cancel, then the busy-labelled submit. */
export function DialogButtons({ creating, pending, onCancel, createLabel, updateLabel }: { creating: boolean; pending: boolean; onCancel: () => void; createLabel: string; updateLabel: string }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {m.admin_common_cancel()}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? (creating ? m.admin_common_creating() : m.admin_common_updating()) : creating ? createLabel : updateLabel}
      </Button>
    </div>
  );
}
