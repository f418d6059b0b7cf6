import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { PLACE_CATEGORIES } from '#shared/categories';
import type { PlaceCategory } from '#shared/schemas/community';
import { Field } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { OptionSelect } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage, errorField, isUnauthenticated } from '#client/lib/errors';
import { describedBy, useFormErrors } from '#client/lib/form-errors';
import { loadCommunitySchemas } from '#client/lib/form-schemas';
import { trpc } from '#client/trpc';
import { askToSignIn } from './sign-in';
import { TEXT_LIMITS } from '#shared/limits';
import { PLACE_CATEGORY_LABELS } from '#client/lib/labels';


const EMPTY = { name: '', category: 'wellness' as PlaceCategory, address: '', description: '' };
const FIELD_IDS = { name: 'place-name', category: 'place-category', address: 'place-address', description: 'place-description' };

/** A member's suggestion, stored for the moderators to review (not shown until approved). */
export function SuggestPlaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const { errors, setErrors, check, showFailure, clear } = useFormErrors(FIELD_IDS);
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  function close(next: boolean) {
    // Cancel or close resets the dialog, as the admin dialogs do.
    if (!next) {
      setForm(EMPTY);
      setErrors({});
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
        // The server's rules for a field show at that field; anything else (blocked words, too many tries) as a toast.
        if (!errorField(failure)) return toast({ title: messages.comments.errorTitle, description: errorMessage(failure), variant: 'destructive' });
        showFailure(failure);
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { PlaceSuggestionSchema } = await loadCommunitySchemas();
    const data = check(PlaceSuggestionSchema, form);
    if (data) suggest.mutate(data);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.community_places_suggest()}</DialogTitle>
          <DialogDescription>{m.community_places_suggest_description()}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadCommunitySchemas()} noValidate className="grid gap-4">
          <Field id="place-name" label={m.community_places_name()} error={errors.name} count={{ value: form.name, max: TEXT_LIMITS.placeName }}>
            <Input id="place-name" value={form.name} onChange={(e) => set('name')(e.target.value)} {...describedBy('place-name', { error: errors.name })} />
          </Field>
          <Field id="place-category" label={m.community_forum_category()} error={errors.category}>
            <OptionSelect id="place-category" value={form.category} options={PLACE_CATEGORIES} labelOf={(value) => PLACE_CATEGORY_LABELS[value]()} onValueChange={set('category')} />
          </Field>
          <Field id="place-address" label={m.community_places_address()} error={errors.address} count={{ value: form.address, max: TEXT_LIMITS.placeAddress }}>
            <Input
              id="place-address"
              value={form.address}
              autoComplete="street-address"
              onChange={(e) => set('address')(e.target.value)}
              {...describedBy('place-address', { error: errors.address })}
            />
          </Field>
          <Field id="place-description" label={m.community_places_description()} error={errors.description} count={{ value: form.description, max: TEXT_LIMITS.placeDescription }}>
            <Textarea
              id="place-description"
              rows={3}
              value={form.description}
              onChange={(e) => set('description')(e.target.value)}
              {...describedBy('place-description', { error: errors.description })}
            />
          </Field>
          <DialogFooter className="mt-2">
            <Button variant="ghost" onClick={() => close(false)}>
              {m.community_cancel()}
            </Button>
            <Button type="submit" disabled={suggest.isPending}>
              {suggest.isPending ? m.community_places_busy() : m.community_places_submit()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
