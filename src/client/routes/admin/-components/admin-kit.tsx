import { useNavigate } from '@tanstack/react-router';
import { useQueryClient, type QueryFilters } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { messages } from '#shared/messages';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorField, errorMessage, isUnauthenticated, serverMessage } from '#client/lib/errors';
import { focusFirstInvalid } from '#client/lib/form-errors';
import { shortDate, shortDateTime } from '#client/lib/formats';
import { nextCursorBy, nextCursorFor } from '#client/lib/paging';
import { ADMIN_STALE_TIME, trpc } from '#client/trpc';

/** Shared pieces of the admin panel's tabs: error handling, forms, lists and confirmations. */

/** Admin lists stay fresh for 30 s; queries run only for admins (the panel renders only then). */
export const adminListOptions = { staleTime: ADMIN_STALE_TIME, retry: false as const };

/**
 * Admin lists load 100 rows a page (the server's maximum) and offer 'Load more' after a full
 * page. They page by keyset: the next page starts after the last row shown, named by its id.
 */
export const ADMIN_PAGE_SIZE = 100;
export const adminPaging = { initialCursor: null, getNextPageParam: nextCursorFor(ADMIN_PAGE_SIZE) };

/** The same for a list whose rows another key names (`cursorOf`): the report queue's newest report, the review queue's kind and id. */
export const adminPagingBy = <Row, Cursor>(cursorOf: (row: Row) => Cursor) => ({ initialCursor: null, getNextPageParam: nextCursorBy(ADMIN_PAGE_SIZE, cursorOf) });

/** Signed out mid-session (401): say so and go to the admin sign-in after 0.5 s. */
export function useRelogin() {
  const navigate = useNavigate();
  return useCallback(() => {
    toast({ title: messages.access.unauthorizedTitle, description: messages.access.loggedOutRelogin, variant: 'destructive' });
    setTimeout(() => void navigate({ to: '/admin/login' }), 500);
  }, [navigate]);
}

/** A list query refused with 401 means the session expired while the panel was open: sign in again. */
export function useReloginOnExpiredSession() {
  const queryClient = useQueryClient();
  const relogin = useRelogin();
  useEffect(() => {
    let notified = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (notified || event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthenticated(event.action.error)) {
        notified = true;
        relogin();
      }
    });
  }, [queryClient, relogin]);
}

/** Any failed admin call: 401 signs her in again; anything else shows the server's message. */
export function useAdminErrorHandler() {
  const relogin = useRelogin();
  return useCallback(
    (error: unknown) => {
      if (isUnauthenticated(error)) return relogin();
      toast({ title: messages.admin.errorTitle, description: errorMessage(error), variant: 'destructive' });
    },
    [relogin],
  );
}

/**
 * After every successful change: the toast, then the related admin list and the public pages refetch.
 */
export function useAdminSuccess() {
  const queryClient = useQueryClient();
  return useCallback(
    async (title: string, description: string | undefined, ...filters: QueryFilters[]) => {
      toast({ title, description });
      await Promise.all([...filters, trpc.content.pathFilter()].map((filter) => queryClient.invalidateQueries(filter)));
    },
    [queryClient],
  );
}

/** The callbacks of an admin call that needs nothing more than the error handling and the success toast and refetch. */
export function useAdminCallbacks(title: string, ...filters: QueryFilters[]) {
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  return { onError, onSuccess: () => succeed(title, undefined, ...filters) };
}

/**
 * The callbacks of a dialog form's save, by its success title: the dialog closes first, then the
 * toast and refetch. Given the form's setErrors, a refusal the server ties to one field (a rule
 * only the data can check) is shown beside that field; any other failure is a toast.
 */
export function useSaveCallbacks(onDone: () => void, ...filters: QueryFilters[]) {
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  return (title: string, setErrors?: (errors: FormErrors) => void) => ({
    onError: (error: unknown) => {
      const field = errorField(error);
      const message = serverMessage(error);
      if (setErrors && field && message) return setErrors({ [field]: message });
      onError(error);
    },
    onSuccess: async () => {
      onDone();
      await succeed(title, undefined, ...filters);
    },
  });
}

// ---------------------------------------------------------------- forms

export type FormErrors = Record<string, string | undefined>;

/** Validates with the same shared schema the server uses; the first issue per field is shown. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FormErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * A dialog form's values and errors; the dialog unmounts on close, which resets it. Showing
 * messages (the form's own check or the server's refusal of a field) also scrolls to the first
 * field with one and focuses it: in a dialog taller than the screen, the field may be out of sight.
 */
export function useFormValues<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name as string] ? { ...current, [name as string]: undefined } : current));
  }, []);
  const showErrors = useCallback((next: FormErrors) => {
    setErrors(next);
    // The dialog she sent from (its button has the focus), else the page (a pending button lost it).
    if (Object.values(next).some(Boolean)) focusFirstInvalid(document.activeElement?.closest('[role="dialog"], form') ?? document);
  }, []);
  return { values, set, errors, setErrors: showErrors };
}

/** Props tying an input to its label, hint and error for screen readers. */
export function fieldA11y(id: string, error?: string, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

// ---------------------------------------------------------------- lists

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={m.common_loading()}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full rounded-[var(--radius-card)]" />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-[var(--radius-card)] border border-dashed border-border bg-card/60 p-8 text-center text-muted-foreground">{children}</p>;
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-card p-6 text-center">
      <p>{m.admin_common_load_error()}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {m.admin_common_retry()}
      </Button>
    </div>
  );
}

/** Header row of a tab: its title, an optional count and the add button. */
export function TabHeader({ title, count, action }: { title: string; count?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <h2 className="text-xl font-semibold">{title}</h2>
        {count}
      </div>
      {action}
    </div>
  );
}

/** The add button of a tab's header. */
export function AddButton({ icon: Icon, label, onClick }: { icon: LucideIcon; label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

// ---------------------------------------------------------------- confirmation

// ---------------------------------------------------------------- formatting

export const formatDate = (value: string) => shortDate(new Date(value));
export const formatDateTime = (value: string) => shortDateTime(new Date(value));
export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
