import { Checkbox } from './ui/checkbox';
import { Label } from './ui/label';

/** The 'Keep me logged in for 30 days' checkbox of both sign-in forms. */
export function KeepLoggedIn({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox id="saveLogin" checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor="saveLogin" className="font-normal">
        {label}
      </Label>
    </div>
  );
}
