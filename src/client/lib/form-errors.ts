import { useState } from 'react';
import type { z } from 'zod';
import { errorField, errorMessage } from './errors';

/**
 * How every form shows what is wrong: each message at its field (the field marked invalid and
 * described by it), all of them at once, and the focus on the first, so she sees and hears
 * where to look. Only a refusal about the whole request is said once for the form.
 */

/** A form's messages: one per field, and one for the form as a whole. */
export type FormErrors<Field extends string> = Partial<Record<Field | 'form', string>>;

/** The first message of each field, in the schema's rule order (the one the server would give). */
export function errorsFromIssues<Field extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: readonly Field[]): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    const key = field ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A refusal from the server at the field it names (its validation does), otherwise for the whole form. */
export function errorsFromFailure<Field extends string>(failure: unknown, fields: readonly Field[], fallback?: string): FormErrors<Field> {
  const message = errorMessage(failure, fallback);
  const field = fields.find((name) => name === errorField(failure));
  return (field ? { [field]: message } : { form: message }) as FormErrors<Field>;
}

/**
 * Brings a field to the middle of its scrolling box (a page, or a dialog taller than the screen)
 * and focuses it, so she sees the message under it and a screen reader reads both out.
 */
function bringToField(field: HTMLElement | null) {
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/** Moves focus to the first field with a message, in the order `ids` lists the fields. */
export function focusFirstError(ids: Partial<Record<string, string>>, errors: FormErrors<string>) {
  const first = Object.keys(ids).find((field) => errors[field]);
  if (!first) return;
  // After React has drawn the message the field now points to.
  requestAnimationFrame(() => bringToField(document.getElementById(ids[first]!)));
}

/** The same for a form that marks its fields invalid (`aria-invalid`): the first in the order shown within `scope`. */
export function focusFirstInvalid(scope: ParentNode) {
  requestAnimationFrame(() => bringToField(scope.querySelector<HTMLElement>('[aria-invalid="true"]')));
}

/** The aria props that tie an input to its hint and its error (`{id}-hint`, `{id}-error`, as Field draws them). */
export function describedBy(id: string, { hint = false, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/**
 * A form's messages, kept as the rules above say: `check` reads the values with the shared schema
 * (every field's first message at once, or the data to send), `showFailure` puts the server's
 * refusal at its field, and both move focus to the first field with a message. `ids` names each
 * field's input, in the order the form shows them; `clear` drops one field's message as she changes it.
 */
export function useFormErrors<Field extends string>(ids: Record<Field, string>) {
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const fields = Object.keys(ids) as Field[];
  const show = (found: FormErrors<Field>) => {
    setErrors(found);
    focusFirstError(ids, found);
  };
  return {
    errors,
    setErrors,
    show,
    /** The values as the schema reads them; undefined when it refused them (its messages are then shown). */
    check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | undefined {
      const parsed = schema.safeParse(values);
      if (!parsed.success) return void show(errorsFromIssues(parsed.error.issues, fields));
      setErrors({});
      return parsed.data;
    },
    showFailure: (failure: unknown, fallback?: string) => show(errorsFromFailure(failure, fields, fallback)),
    clear: (field: Field) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current)),
  };
}
