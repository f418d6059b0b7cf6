import { useQuery } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Copy, Download, Fingerprint, KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '#client/components/field';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { describedBy } from '#client/lib/form-errors';
import { serverMessage } from '#client/lib/errors';
import { formatCount, shortDate } from '#client/lib/formats';
import { sessionQueryOptions } from '#client/lib/session';
import { queryClient, trpc, trpcClient, type RouterOutputs } from '#client/trpc';
import { FormField, FormNotice, LoadFailed, SectionTitle } from './account-kit';

const cardClasses = 'grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6';

const statusQuery = () => trpc.auth.twoFactor.status.queryOptions();
const passkeysQuery = () => trpc.auth.twoFactor.passkeys.queryOptions();

/** After any change: her factors, her passkeys and her session (whether she has a factor) are read again. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: statusQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: trpc.auth.account.sessions.queryKey() }),
  ]);

/**
 * "Two-factor sign-in" in Profile Settings: her authenticator app (QR code, the key to type,
 * a code to confirm), her passkeys, and her recovery codes, shown once when made. Removing
 * anything asks for her password. `required`: staff sent here because the panel needs it.
 */
export function TwoFactorSection({ email, required }: { email: string; required: boolean }) {
  const status = useQuery(statusQuery());
  const [codes, setCodes] = useState<string[] | null>(null);
  const showCodes = (fresh: string[] | null) => {
    if (fresh) setCodes(fresh);
  };
  return (
    <section id="two-factor" aria-labelledby="profile-two-factor" aria-busy={status.isPending} className="grid scroll-mt-24 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SectionTitle id="profile-two-factor" icon={ShieldCheck}>
          {m.security_title()}
        </SectionTitle>
        {status.data ? <Badge variant={status.data.enabled ? 'success' : 'secondary'}>{status.data.enabled ? m.security_status_on() : m.security_status_off()}</Badge> : null}
      </div>
      <p className="text-sm text-muted-foreground">{m.security_intro()}</p>
      {required && !status.data?.enabled ? <FormNotice kind="info">{m.security_staff_required_body()}</FormNotice> : null}
      {codes ? <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} /> : null}
      {status.isPending ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : status.isError ? (
        <LoadFailed message={m.account_load_failed()} retry={m.account_retry()} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <AppCard since={status.data.totp?.since ?? null} onCodes={showCodes} />
          <PasskeysCard onCodes={showCodes} />
          {status.data.enabled ? <RecoveryCard left={status.data.recoveryCodesLeft} onCodes={showCodes} /> : null}
        </>
      )}
    </section>
  );
}

/**
 * One try of a server call from a card: `busy` while it runs, and its error in her language
 * afterwards (the server's message, else `fallback`), cleared when she tries again.
 */
function useAttempt(fallback: () => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function attempt(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(serverMessage(failure) ?? fallback());
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, attempt };
}

function CardTitle({ icon: Icon, children }: { icon: typeof Smartphone; children: ReactNode }) {
  return (
    <h3 className="flex items-center gap-2 text-lg font-semibold">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      {children}
    </h3>
  );
}

/** Her authenticator app: on since a date (with Remove), or the setup in two steps. */
function AppCard({ since, onCodes }: { since: Date | string | null; onCodes: (codes: string[] | null) => void }) {
  type Setup = Extract<RouterOutputs['auth']['twoFactor']['setUpTotp'], { confirmed: false }>;
  const [setup, setSetup] = useState<Setup | null>(null);
  const [removing, setRemoving] = useState(false);
  const { busy: starting, error, attempt } = useAttempt(m.account_load_failed);

  const start = () =>
    attempt(async () => {
      const answer = await trpcClient.auth.twoFactor.setUpTotp.mutate({});
      if (!answer.confirmed) setSetup(answer);
    });

  return (
    <div className={cardClasses}>
      <CardTitle icon={Smartphone}>{m.security_app_title()}</CardTitle>
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      {since ? (
        <>
          <p className="text-sm text-muted-foreground">{m.security_app_on_since({ date: shortDate(new Date(since)) })}</p>
          {removing ? (
            <PasswordConfirm
              id="remove-app"
              action={m.security_confirm_remove()}
              onCancel={() => setRemoving(false)}
              send={(password) => trpcClient.auth.twoFactor.removeTotp.mutate({ password })}
              onDone={() => setRemoving(false)}
            />
          ) : (
            <Button variant="outline" className="justify-self-start" aria-label={m.security_remove_app_label()} onClick={() => setRemoving(true)}>
              {m.security_remove()}
            </Button>
          )}
        </>
      ) : setup ? (
        <ConfirmApp
          setup={setup}
          onCancel={() => setSetup(null)}
          onDone={async (codes) => {
            setSetup(null);
            onCodes(codes);
            await refresh();
          }}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{m.security_app_none()}</p>
          <Button className="justify-self-start" disabled={starting} onClick={() => void start()}>
            {starting ? m.security_app_starting() : m.security_app_set_up()}
          </Button>
        </>
      )}
    </div>
  );
}

/** The QR code, the key to type, and the box for the app's first code. */
function ConfirmApp({ setup, onCancel, onDone }: { setup: { qrCode: string; secret: string }; onCancel: () => void; onDone: (codes: string[] | null) => Promise<void> }) {
  const [code, setCode] = useState('');
  const { busy, error, attempt } = useAttempt(m.account_load_failed);
  const id = 'totp-confirm-code';

  function submit(event: FormEvent) {
    event.preventDefault();
    return attempt(async () => {
      const answer = await trpcClient.auth.twoFactor.setUpTotp.mutate({ code });
      if (answer.confirmed) {
        toast({ title: answer.message });
        await onDone(answer.recoveryCodes);
      }
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <p className="text-sm">{m.security_app_scan()}</p>
      {/* A QR code is read as it is drawn: dark on light, in every language and theme. */}
      <img src={setup.qrCode} alt={m.security_app_qr_alt()} width={192} height={192} className="size-48 justify-self-center rounded-xl border border-border bg-white p-1 sm:justify-self-start" />
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{m.security_app_secret_label()}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code dir="ltr" className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all select-all">
            {setup.secret}
          </code>
          <CopyButton text={setup.secret.replace(/\s/g, '')} />
        </div>
      </div>
      <p className="text-sm">{m.security_app_enter_code()}</p>
      <FormField id={id} label={m.security_code_label()} error={error}>
        <Input
          id={id}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={64}
          required
          dir="ltr"
          className="max-w-48 text-center font-mono text-lg tracking-[0.3em]"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...describedBy(id, { error })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !code.trim()}>
          {busy ? m.security_checking() : m.security_app_confirm()}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.security_cancel()}
        </Button>
      </div>
    </form>
  );
}

/** Her passkeys by name, each removable with her password, and a way to add one. */
function PasskeysCard({ onCodes }: { onCodes: (codes: string[] | null) => void }) {
  const list = useQuery(passkeysQuery());
  const [name, setName] = useState('');
  const { busy, error, attempt } = useAttempt(m.security_passkey_cancelled);
  const [removing, setRemoving] = useState<string | null>(null);

  const add = () =>
    attempt(async () => {
      const optionsJSON = (await trpcClient.auth.twoFactor.passkeyOptions.mutate()) as PublicKeyCredentialCreationOptionsJSON;
      // The passkey code loads only when she adds one.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      const answer = await trpcClient.auth.twoFactor.addPasskey.mutate({ response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } }, name: name.trim() || undefined });
      toast({ title: answer.message });
      setName('');
      onCodes(answer.recoveryCodes);
      await refresh();
    });

  return (
    <div className={cardClasses}>
      <CardTitle icon={Fingerprint}>{m.security_passkeys_title()}</CardTitle>
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="grid gap-2">
          {list.data.map((key) => (
            <li key={key.id} className="grid gap-3 rounded-xl border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="grid min-w-0">
                  <span dir="auto" className="max-w-full justify-self-start truncate font-semibold">
                    {key.name}
                  </span>
                  <span className="text-sm text-muted-foreground">{m.security_passkey_added_on({ date: shortDate(new Date(key.createdAt)) })}</span>
                </div>
                {removing === key.id ? null : (
                  <Button variant="outline" size="sm" aria-label={m.security_passkey_remove_label({ name: key.name })} onClick={() => setRemoving(key.id)}>
                    {m.security_remove()}
                  </Button>
                )}
              </div>
              {removing === key.id ? (
                <PasswordConfirm
                  id={`remove-passkey-${key.id.slice(0, 8)}`}
                  action={m.security_confirm_remove()}
                  onCancel={() => setRemoving(null)}
                  send={(password) => trpcClient.auth.twoFactor.removePasskey.mutate({ id: key.id, password })}
                  onDone={() => setRemoving(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : list.isPending ? null : (
        <p className="text-sm text-muted-foreground">{m.security_passkeys_none()}</p>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField id="passkey-name" label={m.security_passkey_name_label()}>
          <Input id="passkey-name" name="passkeyName" maxLength={60} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <Button variant="outline" disabled={busy} onClick={() => void add()}>
          <KeyRound aria-hidden="true" />
          {busy ? m.security_passkey_waiting() : m.security_passkey_add()}
        </Button>
      </div>
    </div>
  );
}

/** How many recovery codes are left, and ten new ones with her password. */
function RecoveryCard({ left, onCodes }: { left: number; onCodes: (codes: string[] | null) => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className={cardClasses}>
      <CardTitle icon={KeyRound}>{m.security_codes_title()}</CardTitle>
      <p className="text-sm text-muted-foreground">{m.security_codes_left({ count: formatCount(left) })}</p>
      {asking ? (
        <PasswordConfirm
          id="new-recovery-codes"
          action={m.security_confirm_new_codes()}
          onCancel={() => setAsking(false)}
          send={(password) => trpcClient.auth.twoFactor.newRecoveryCodes.mutate({ password })}
          onDone={(answer) => {
            setAsking(false);
            onCodes(answer.recoveryCodes);
          }}
        />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
          {m.security_codes_new()}
        </Button>
      )}
    </div>
  );
}

/** Her new recovery codes, this once: to copy or download, then put away. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const file = `${m.security_codes_file_title({ siteName: DEFAULT_SITE_NAME, email })}\n\n${codes.join('\n')}\n`;
  return (
    <div role="region" aria-labelledby={titleId} className="grid gap-4 rounded-2xl border-2 border-primary/40 bg-secondary/40 p-5 sm:p-6">
      <h3 id={titleId} ref={(node) => { heading.current = node; node?.focus(); }} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold outline-none">
        {m.security_codes_save_title()}
      </h3>
      <p className="text-sm">{m.security_codes_save_body()}</p>
      <ol dir="ltr" aria-label={m.security_codes_title()} className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-card px-2 py-1.5 text-center select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} />
        <Button asChild variant="outline" size="sm">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="bloom-circle-recovery-codes.txt">
            <Download aria-hidden="true" />
            {m.security_codes_download()}
          </a>
        </Button>
        <Button size="sm" onClick={onDone}>
          {m.security_codes_done()}
        </Button>
      </div>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      <Copy aria-hidden="true" />
      <span aria-live="polite">{copied ? m.security_copied() : m.security_copy()}</span>
    </Button>
  );
}

/**
 * Her password before a factor goes or her codes change: the server checks it (`send`). Its
 * answer's message is shown, `onDone` gets the answer, and her factors are read again.
 */
function PasswordConfirm<Answer extends { message: string }>({
  id,
  action,
  send,
  onDone,
  onCancel,
}: {
  id: string;
  action: string;
  send: (password: string) => Promise<Answer>;
  onDone: (answer: Answer) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const { busy, error, attempt } = useAttempt(m.account_load_failed);
  function submit(event: FormEvent) {
    event.preventDefault();
    return attempt(async () => {
      const answer = await send(password);
      toast({ title: answer.message });
      onDone(answer);
      await refresh();
    });
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
      <PasswordField id={`${id}-password`} name="password" announce label={m.security_password_to_confirm()} autoComplete="current-password" error={error} value={password} onChange={setPassword} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? m.security_checking() : action}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.security_cancel()}
        </Button>
      </div>
    </form>
  );
}
