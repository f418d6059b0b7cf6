import type { ChangeEvent, ReactNode } from 'react';
import { describedBy } from '../lib/form-errors';
import { CharacterCount } from './character-count';
import { EmailSuggestion } from './email-suggestion';
import { PasswordInput } from './password-input';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** A text field's limit and its text, for the counter shown near the limit. */
export type FieldCount = { value: string; max: number };

/** A labelled form field with an optional hint, counter and error, tied to the input by id. */
export function Field({ id, label, hint, error, count, children }: { id: string; label: string; hint?: string; error?: string; count?: FieldCount; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {count ? <CharacterCount id={id} value={count.value} max={count.max} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An email or password field of the sign-in and sign-up forms: its id is also the input's name. */
interface CredentialFieldProps {
  id: string;
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
function CredentialField({ kind, id, label, hint, error, autoComplete, value, onChange, suggestCorrections }: EmailFieldProps & { kind: 'email' | 'password' }) {
  const control = {
    id,
    name: id,
    autoComplete,
    required: true,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    ...describedBy(id, { hint: hint !== undefined, error }),
  };
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {kind === 'password' ? <PasswordInput {...control} /> : <Input type="email" {...control} />}
      {suggestCorrections ? <EmailSuggestion fieldId={id} value={value} onAccept={onChange} /> : null}
    </Field>
  );
}

export const EmailField = (props: EmailFieldProps) => <CredentialField kind="email" {...props} />;
export const PasswordField = (props: CredentialFieldProps) => <CredentialField kind="password" {...props} />;
