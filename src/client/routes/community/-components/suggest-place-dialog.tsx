import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { PLACE_CATEGORIES, PlaceSuggestionSchema, type PlaceCategory } from '../../../../shared/schemas/community';
import { Field } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { OptionSelect } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { communityCopy } from '../../../copy/community';
import { errorMessage, isUnauthenticated } from '../../../lib/errors';
import { trpc } from '../../../trpc';
import { askToSignIn } from './sign-in';

const c = communityCopy.places;
const EMPTY = { name: '', category: 'wellness' as PlaceCategory, address: '', description: '' };

/** A member's suggestion, stored for the moderators to review (not shown until approved). */
export function SuggestPlaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string>();
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function close(next: boolean) {
    // Cancel or close resets the dialog, as the admin dialogs do.
    if (!next) {
      setForm(EMPTY);
      setError(undefined);
    }
    onOpenChange(next);
  }

  const suggest = useMutation(
    trpc.content.places.suggest.mutationOptions({
      onSuccess: () => {
        toast({ title: messages.places.suggestedTitle, description: messages.places.suggestedBody });
        close(false);
      },
      onError: (failure) => {
        if (isUnauthenticated(failure)) return askToSignIn(messages.places.signInToSuggest);
        toast({ title: messages.comments.errorTitle, description: errorMessage(failure), variant: 'destructive' });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PlaceSuggestionSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    suggest.mutate(parsed.data);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{c.suggestTitle}</DialogTitle>
          <DialogDescription>{c.suggestDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {error ? (
            <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Field id="place-name" label={c.name}>
            <Input id="place-name" value={form.name} maxLength={120} onChange={(e) => set('name')(e.target.value)} />
          </Field>
          <Field id="place-category" label={c.category}>
            <OptionSelect id="place-category" value={form.category} options={PLACE_CATEGORIES} labelOf={(value) => c.categories[value]} onValueChange={set('category')} />
          </Field>
          <Field id="place-address" label={c.address}>
            <Input id="place-address" value={form.address} maxLength={200} autoComplete="street-address" onChange={(e) => set('address')(e.target.value)} />
          </Field>
          <Field id="place-description" label={c.description}>
            <Textarea id="place-description" rows={3} value={form.description} maxLength={1000} onChange={(e) => set('description')(e.target.value)} />
          </Field>
          <DialogFooter className="mt-2">
            <Button variant="ghost" onClick={() => close(false)}>
              {c.cancel}
            </Button>
            <Button type="submit" disabled={suggest.isPending}>
              {suggest.isPending ? c.busy : c.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
