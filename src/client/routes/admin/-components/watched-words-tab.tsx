import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { messages } from '#shared/messages';
import type { WatchedWordAction } from '#shared/moderation';
import { WatchedWordSchema } from '#shared/schemas/moderation';
import { Field } from '#client/components/field';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { OptionSelect } from '#client/components/ui/select';
import { m } from '#i18n/messages';
import { errorMessage, errorStatus } from '#client/lib/errors';
import { trpc, type RouterOutputs } from '#client/trpc';
import { adminListOptions, EmptyState, formatDate, ListError, ListSkeleton, TabHeader, useAdminCallbacks, useAdminErrorHandler, useAdminSuccess, useFormValues, validate } from './admin-kit';
import { ConfirmItemDelete, isPendingFor, useDeleteTarget } from './admin-list';
import { TextField } from './fields';

const moderationTexts = messages.moderation;

type WatchedWord = RouterOutputs['admin']['watchedWords']['list'][number];

/** Every action with its label (the type makes the copy name each one): Block, Hold for review. */
const ACTION_LABELS: Record<WatchedWordAction, () => string> = {
  block: m.admin_watched_action_block,
  hold: m.admin_watched_action_hold,
};
const ACTIONS = Object.keys(ACTION_LABELS) as WatchedWordAction[];

/** The whole list, alphabetical; short enough to come in one answer (no paging). */
const watchedWordsQuery = () => ({ ...trpc.admin.watchedWords.list.queryOptions(), ...adminListOptions });

/** A change here also shows in the audit log. */
const changedLists = () => [trpc.admin.watchedWords.pathFilter(), trpc.admin.audit.pathFilter()];

/** Words members may not write (Block) or whose texts wait for a moderator (Hold for review). */
export function WatchedWordsTab() {
  const list = useQuery(watchedWordsQuery());
  const toRemove = useDeleteTarget<WatchedWord>();
  const removed = useAdminCallbacks(moderationTexts.wordRemoved, ...changedLists());
  const remove = useMutation(trpc.admin.watchedWords.delete.mutationOptions({ ...removed, onSettled: toRemove.close }));

  return (
    <section>
      <TabHeader title={m.admin_watched_title()} count={list.data ? <Badge variant="secondary">{m.admin_watched_count({ count: list.data.length })}</Badge> : null} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_watched_explanation()}</p>
      <AddWordForm />
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{m.admin_watched_empty()}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {list.data.map((word) => {
            const deleting = isPendingFor(remove, word.id);
            return (
              <li key={word.id}>
                <Card className="flex h-full flex-wrap items-center gap-3 p-4">
                  <div className="grid min-w-0 flex-1 basis-40 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 dir="auto" className="min-w-0 font-semibold [overflow-wrap:anywhere]">{word.word}</h3>
                      <ActionBadge action={word.action} />
                    </div>
                    <p className="text-xs text-muted-foreground">{m.admin_watched_added({ date: formatDate(word.createdAt) })}</p>
                  </div>
                  <Button size="sm" variant="destructive" aria-label={m.admin_watched_remove_named({ word: word.word })} disabled={deleting} onClick={() => toRemove.ask(word)}>
                    <Trash2 aria-hidden="true" />
                    {deleting ? m.admin_common_deleting() : m.admin_watched_remove()}
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmItemDelete of={toRemove} remove={remove} title={m.admin_watched_remove_title()} describe={(word) => m.admin_watched_remove_body({ word: word.word })} confirmLabel={m.admin_watched_remove()} />
    </section>
  );
}

function ActionBadge({ action }: { action: WatchedWordAction }) {
  return action === 'block' ? <Badge className="bg-destructive/10 text-destructive">{m.admin_watched_action_block()}</Badge> : <Badge variant="secondary">{m.admin_watched_action_hold()}</Badge>;
}

function AddWordForm() {
  const { values, set, errors, setErrors } = useFormValues<{ word: string; action: WatchedWordAction }>({ word: '', action: 'block' });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const create = useMutation(
    trpc.admin.watchedWords.create.mutationOptions({
      onError: (error) => {
        // The same word (in any letter case) is already watched: say so at the field.
        if (errorStatus(error) === 409) return setErrors({ word: errorMessage(error) });
        onError(error);
      },
      onSuccess: async () => {
        set('word', '');
        await succeed(moderationTexts.wordAdded, undefined, ...changedLists());
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(WatchedWordSchema, values);
    if (result.errors) return setErrors(result.errors);
    create.mutate(result.data);
  }

  return (
    <Card className="mb-6 p-4 sm:p-5">
      <form onSubmit={(event) => void submit(event).catch(onError)} noValidate aria-label={m.admin_watched_add_label()} className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_14rem_auto]">
        <TextField id="watched-word" label={m.admin_watched_word()} autoComplete="off" value={values.word} error={errors.word} onChange={(v) => set('word', v)} />
        <Field id="watched-word-action" label={m.admin_watched_action()} error={errors.action}>
          <OptionSelect id="watched-word-action" value={values.action} options={ACTIONS} labelOf={(action) => ACTION_LABELS[action]()} onValueChange={(v) => set('action', v)} />
        </Field>
        {/* Lined up with the inputs: below the labels' height on wide screens. */}
        <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? m.admin_watched_adding() : m.admin_watched_add()}
        </Button>
      </form>
    </Card>
  );
}
