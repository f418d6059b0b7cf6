import { Ban, Ellipsis, Flag, UserX } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { m } from '#i18n/messages';
import { cn } from '#client/lib/utils';
import { Button } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu';
import { BlockDialog, ReportDialog, type ReportTarget } from './types';
import type { ReviewableKind } from '#shared/moderation';

/** Member-written items that carry the menu; comments are named by their thread. */
export type MemberItemType = ReviewableKind;

type Open = 'report-item' | 'report-member' | 'block' | null;

/**
 * The "more" menu on someone else's post or comment: report it, report its author, block
 * its author. Shown to signed-in members only (the caller checks), never on her own items.
 */
export function MoreActions({ type, id, author, className }: { type: MemberItemType; id: number; author: { id: number; name: string }; className?: string }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<Open>(null);
  // A dialog's code loads the first time it is asked for, and stays mounted after.
  const [wanted, setWanted] = useState<Set<Exclude<Open, null>>>(() => new Set());
  const isPost = type === 'forum_post';

  function show(dialog: Exclude<Open, null>) {
    setWanted((current) => (current.has(dialog) ? current : new Set(current).add(dialog)));
    setOpen(dialog);
  }
  const onOpenChange = (dialog: Exclude<Open, null>) => (next: boolean) => setOpen(next ? dialog : null);

  const itemTarget: ReportTarget = { type, id, title: isPost ? m.safety_report_title_post() : m.safety_report_title_comment() };
  const memberTarget: ReportTarget = { type: 'member', id: author.id, title: m.safety_report_member({ name: author.name }) };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" className={cn('size-8 text-muted-foreground hover:text-foreground', className)} aria-label={isPost ? m.safety_more_label_post({ name: author.name }) : m.safety_more_label_comment({ name: author.name })}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-[calc(100vw-2rem)]">
          <DropdownMenuItem onSelect={() => show('report-item')}>
            <Flag aria-hidden="true" /> {isPost ? m.safety_more_report_post() : m.safety_more_report_comment()}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => show('report-member')}>
            <UserX aria-hidden="true" /> {m.safety_report_member({ name: author.name })}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => show('block')} className="text-destructive data-[highlighted]:bg-destructive/10">
            <Ban aria-hidden="true" /> {m.safety_more_block_member({ name: author.name })}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Suspense fallback={null}>
        {wanted.has('report-item') ? <ReportDialog target={itemTarget} open={open === 'report-item'} onOpenChange={onOpenChange('report-item')} returnFocus={trigger} /> : null}
        {wanted.has('report-member') ? (
          <ReportDialog target={memberTarget} open={open === 'report-member'} onOpenChange={onOpenChange('report-member')} returnFocus={trigger} />
        ) : null}
        {wanted.has('block') ? (
          <BlockDialog member={{ userId: author.id, name: author.name }} open={open === 'block'} onOpenChange={onOpenChange('block')} returnFocus={trigger} />
        ) : null}
      </Suspense>
    </>
  );
}
