import type { ComponentProps } from 'react';
import { getLocale } from '#i18n/runtime';
import { directionOf } from '#shared/i18n/locale';
import { Field } from '#client/components/field';
import { Checkbox } from '#client/components/ui/checkbox';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { fieldA11y } from './admin-kit';

/** Labelled inputs for the admin dialogs; each ties its label, hint and error to the control. */

type Base = { id: string; label: string; hint?: string; error?: string; value: string; onChange: (value: string) => void };
/** `limit`: the most characters the field takes, shown as a counter near it (the text is never cut: no maxLength). */
type Limited = { limit?: number; maxLength?: never };

const countOf = (value: string, limit?: number) => (limit === undefined ? undefined : { value, max: limit });

export function TextField({ id, label, hint, error, value, onChange, limit, ...props }: Base & Limited & Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'maxLength'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} count={countOf(value, limit)}>
      <Input {...props} {...fieldA11y(id, error, Boolean(hint))} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

export function TextAreaField({ id, label, hint, error, value, onChange, limit, ...props }: Base & Limited & Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange' | 'maxLength'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} count={countOf(value, limit)}>
      <Textarea {...props} {...fieldA11y(id, error, Boolean(hint))} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** `labelOf`: an option's words, when the value is a key (a role) rather than the text shown. */
export function SelectField({ id, label, hint, error, value, onChange, options, placeholder, labelOf }: Base & { options: readonly string[]; placeholder: string; labelOf?: (option: string) => string }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Select value={value || undefined} onValueChange={onChange} dir={directionOf(getLocale())}>
        <SelectTrigger {...fieldA11y(id, error, Boolean(hint))}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labelOf ? labelOf(option) : option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

export function CheckField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(next) => onChange(next === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
