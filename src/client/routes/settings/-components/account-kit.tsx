import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthCard } from '#client/components/auth-card';
import { Field, type FieldProps } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { serverMessage } from '#client/lib/errors';
import type { FormErrors } from '#client/lib/form-errors';

// The rules every form follows (lib/form-errors); the account forms import them from here.
export { describedBy, type FormErrors, useFormErrors } from '#client/lib/form-errors';

/**
 * The account forms check their fields with the server's own schemas, loaded when a form is
 * first touched rather than with the page (as the sign-in form does): the same rules, the same
 * messages, and no long task before the first screen is up.
 */
export const loadAccountSchemas = () => import('#shared/schemas/account');

/**
 * A refusal from the server, shown at the field it is about when its words name one (a wrong
 * current password at the password field), otherwise above the form.
 */
export function errorsFromServer<Field extends string>(failure: unknown, fieldOf: Partial<Record<string, Field>>, fallback: string): FormErrors<Field> {
  const message = serverMessage(failure) || fallback;
  const field = fieldOf[message];
  return field ? ({ [field]: message } as FormErrors<Field>) : ({ form: message } as FormErrors<Field>);
}

/** The account forms' field: components/field's, its error announced as it appears. */
export const FormField = (props: FieldProps) => <Field {...props} announce />;

/** A message above a form: an error (announced at once) or a confirmation. */
export function FormNotice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (kind === 'error') {
    return (
      <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
        {children}
      </p>
    );
  }
  // 'info': what is true about something already done (a link opened twice), without alarm.
  return (
    <p role="status" className={`rounded-xl px-4 py-3 text-sm font-medium ${kind === 'success' ? 'bg-emerald-50 text-emerald-900' : 'bg-muted text-foreground'}`}>
      {children}
    </p>
  );
}

/** A settings section's heading with its round icon, as on Reports and blocks. */
export function SectionTitle({ id, icon: Icon, children }: { id: string; icon: LucideIcon; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2.5 text-2xl font-semibold">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      {children}
    </h2>
  );
}

/** The settings pages' frame: title, intro and their sections (or the sign-in prompt). */
export function SettingsPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-10 px-4 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="max-w-2xl text-muted-foreground">{subtitle}</p>
      </header>
      {children}
    </div>
  );
}

/** A part of the page that could not load, with a way to ask again. */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-center">
      <p className="font-medium text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/** The sign-in card for the pages a mailed link opens (email change, newsletter confirm and unsubscribe). */
export const AccountCard = (props: { title: string; subtitle: string; children: ReactNode }) => <AuthCard {...props} inPage />;
