import type { ChangeEvent, ReactNode } from 'react';
import { describedBy } from '../lib/form-errors';
import { CharacterCount } from './character-count';
import { EmailSuggestion } from './email-suggestion';
import { PasswordInput } from './password-input';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** A text field's limit and its text, for the counter shown near the limit. */
export type FieldCount = { value: string; max: number };

export interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  count?: FieldCount;
  children: ReactNode;
}

/**
 * A labelled form field with an optional hint, counter and error, tied to the input by id.
 * `announce`: the error is read out as it appears (a refusal for a field she is still in is
 * heard without moving her), so its place is always there, empty until then.
 */
export function Field({ id, label, hint, error, count, announce = false, children }: FieldProps & { announce?: boolean }) {
  return (
    <div className={announce ? 'grid content-start gap-2' : 'grid gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {count ? <CharacterCount id={id} value={count.value} max={count.max} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {announce || error ? (
        <p id={`${id}-error`} role={announce ? 'alert' : undefined} className="text-sm font-medium text-destructive empty:hidden">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An email or password field of the sign-in, sign-up and account forms; its name is its id unless given. */
interface CredentialFieldProps {
  id: string;
  name?: string;
  /** The error is read out as it appears (Field's `announce`), as the account forms want. */
  announce?: boolean;
  label: string;
  hint?: string;
  error?: string;
  autoComplete: string;
  value: string;
  onChange(value: string): void;
}

/** An email field that offers to correct a misspelt common domain ("Did you mean gmail.com?"). */
type EmailFieldProps = CredentialFieldProps & { suggestCorrections?: boolean };

/** A required email or password field (with its show/hide toggle), its hint and error read out with it. */
function CredentialField({ kind, id, name = id, announce, label, hint, error, autoComplete, value, onChange, suggestCorrections }: EmailFieldProps & { kind: 'email' | 'password' }) {
  const control = {
    id,
    name,
    autoComplete,
    required: true,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    ...describedBy(id, { hint: hint !== undefined, error }),
  };
  return (
    <Field id={id} label={label} hint={hint} error={error} announce={announce}>
      {kind === 'password' ? <PasswordInput {...control} /> : <Input type="email" {...control} />}
      {suggestCorrections ? <EmailSuggestion fieldId={id} value={value} onAccept={onChange} /> : null}
    </Field>
  );
}

export const EmailField = (props: EmailFieldProps) => <CredentialField kind="email" {...props} />;
export const PasswordField = (props: CredentialFieldProps) => <CredentialField kind="password" {...props} />;
