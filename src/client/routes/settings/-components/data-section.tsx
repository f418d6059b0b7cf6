import { hashKey, useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Download, FileJson, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { PasswordField } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogClose, DialogTrigger } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { queryClient, trpc } from '#client/trpc';
import { errorsFromServer, FormNotice, loadAccountSchemas, SectionTitle, useFormErrors } from './account-kit';

const a = messages.account;

/** Today as YYYY-MM-DD, for the file's name. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Hands the browser a JSON document to save, through a Blob and an <a download>. */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by then; revoking at once can cut it short.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Your data": a copy of everything she gave or made, and deleting her account. */
export function DataSection() {
  const download = useMutation({
    // Through tRPC like every read; never kept in the cache, where it would sit in memory.
    mutationFn: () => queryClient.fetchQuery({ ...trpc.auth.account.export.queryOptions(), staleTime: 0, gcTime: 0 }),
    onSuccess: (data) => saveJson(data, `bloom-circle-my-data-${today()}.json`),
    onError: (failure) => toast({ title: m.account_profile_failed_title(), description: errorMessage(failure), variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="profile-data" className="grid gap-4">
      <SectionTitle id="profile-data" icon={FileJson}>
        {m.account_data_title()}
      </SectionTitle>
      <div className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="min-w-0 flex-1 basis-64 text-sm text-muted-foreground">{m.account_data_download_hint()}</p>
          <Button variant="outline" className="w-full sm:w-auto" disabled={download.isPending} onClick={() => download.mutate()}>
            <Download aria-hidden="true" />
            {download.isPending ? m.account_data_download_busy() : m.account_data_download()}
          </Button>
        </div>
        <hr className="border-border" />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="min-w-0 flex-1 basis-64 text-sm text-muted-foreground">{m.account_data_delete_hint()}</p>
          <DeleteAccount />
        </div>
      </div>
    </section>
  );
}

const DELETE_IDS = { password: 'delete-password' };

function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { errors, setErrors, show, check } = useFormErrors(DELETE_IDS);

  const remove = useMutation(
    trpc.auth.account.deleteAccount.mutationOptions({
      onSuccess: async (result) => {
        setOpen(false);
        // The server ended her session with the account: this browser is a visitor's again.
        const sessionKey = trpc.auth.session.queryKey();
        queryClient.setQueryData(sessionKey, null);
        // Nothing of hers stays in memory.
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(sessionKey) });
        await navigate({ to: '/' });
        toast({ title: result.message });
      },
      onError: (failure) => {
        show(errorsFromServer<'password'>(failure, { [a.currentPasswordWrong]: 'password', [a.passwordRequired]: 'password' }, messages.signup.genericFailure));
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { AccountDeleteSchema } = await loadAccountSchemas();
    const data = check(AccountDeleteSchema, { password });
    if (data) remove.mutate(data);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 aria-hidden="true" />
          {m.account_data_delete()}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountSchemas()} noValidate>
          <DialogHeader>
            <DialogTitle>{m.account_data_dialog_title()}</DialogTitle>
            <DialogDescription>{m.account_data_dialog_body()}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            {errors.form ? <FormNotice kind="error">{errors.form}</FormNotice> : null}
            <PasswordField id={DELETE_IDS.password} name="password" announce label={m.account_data_password()} error={errors.password} autoComplete="current-password" value={password} onChange={setPassword} />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{m.account_data_cancel()}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? m.account_data_confirm_busy() : m.account_data_confirm()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
