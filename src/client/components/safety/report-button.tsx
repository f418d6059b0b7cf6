import { Flag } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { cn } from '#client/lib/utils';
import { Button } from '../ui/button';
import { ReportDialog, type ReportTarget } from './types';

/** A small flag button that opens the report dialog, for items without a menu (a directory listing). */
export function ReportButton({ target, label, className }: { target: ReportTarget; label: string; className?: string }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className={cn('text-muted-foreground hover:text-foreground', className)}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onOpenChange={setOpen} returnFocus={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
