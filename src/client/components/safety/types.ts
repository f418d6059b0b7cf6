import { lazy, type RefObject } from 'react';
import type { ReportTargetType } from '#shared/moderation';

/** What a report is about, and the dialog's title for it. */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  title: string;
}

/** The member a block is about, named as members see each other ("Zeina F."). */
export interface BlockTarget {
  userId: number;
  name: string;
}

/** Props every safety dialog takes: controlled, and where focus goes back once it closes. */
export interface SafetyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}

// The dialogs (and the report form's validation) load only when a member opens one.
export const ReportDialog = lazy(() => import('./report-dialog'));
export const BlockDialog = lazy(() => import('./block-dialog'));

/**
 * For the dialogs' onCloseAutoFocus: back to the button that opened them (a menu item that
 * opened a dialog is gone by then), or to the page's main area when that button went too
 * (the blocked member's post disappears).
 */
export function focusBack(returnFocus: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    const target = returnFocus.current;
    if (target?.isConnected) target.focus();
    else document.getElementById('main')?.focus();
  };
}
