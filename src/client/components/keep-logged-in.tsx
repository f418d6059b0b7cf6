import { Checkbox } from './ui/checkbox';
import { Label } from './ui/label';

/** The 'Keep me logged in for 30 days' checkbox of both sign-in forms; `note` says what it means there (staff: 12 hours at most). */
export function KeepLoggedIn({ label, note, checked, onChange }: { label: string; note?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <Checkbox id="saveLogin" checked={checked} onCheckedChange={(value) => onChange(value === true)} aria-describedby={note ? 'saveLogin-note' : undefined} />
        <Label htmlFor="saveLogin" className="font-normal">
          {label}
        </Label>
      </div>
      {note ? (
        <p id="saveLogin-note" className="ps-8 text-xs text-muted-foreground">
          {note}
        </p>
      ) : null}
    </div>
  );
}
