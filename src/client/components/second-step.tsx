import { useMutation } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { m } from '#i18n/messages';
import { messages } from '#shared/messages';
import { describedBy } from '../lib/form-errors';
import { serverMessage } from '../lib/errors';
import { trpc, trpcClient, type RouterOutputs } from '../trpc';
import { AuthCard } from './auth-card';
import { Field } from './field';
import { Button } from './ui/button';
import { Input } from './ui/input';

/** What the password step answers when her account has a second factor. */
export type SecondStepNeeded = Extract<RouterOutputs['auth']['login'], { mfaRequired: true }>;
export type SignedIn = RouterOutputs['auth']['twoFactor']['complete'];

/**
 * The second step of a sign-in (on /login and /admin/login), a card of its own: the code from
 * her authenticator app, one of her recovery codes, or a passkey. The passkey code (@simplewebauthn/browser) is
 * fetched only when she chooses a passkey.
 */
export function SecondStep(props: SecondStepProps) {
  return (
    <AuthCard title={m.security_step_title()} subtitle={m.security_step_subtitle()}>
      <SecondStepChoices {...props} />
    </AuthCard>
  );
}

interface SecondStepProps {
  methods: SecondStepNeeded['methods'];
  onSignedIn: (result: SignedIn) => void;
  onRestart: () => void;
}

function SecondStepChoices({ methods, onSignedIn, onRestart }: SecondStepProps) {
  // A passkey first when she has no app: one press, and a recovery code behind a link.
  const [mode, setMode] = useState<'app' | 'recovery' | 'passkey'>(methods.totp ? 'app' : methods.passkey ? 'passkey' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const complete = useMutation(
    trpc.auth.twoFactor.complete.mutationOptions({
      onSuccess: onSignedIn,
      onError: (failure) => {
        setError(serverMessage(failure) ?? messages.login.errorBody);
        input.current?.focus();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(mode === 'app' ? m.security_step_code_hint() : m.security_step_recovery_hint());
      input.current?.focus();
      return;
    }
    setError(undefined);
    complete.mutate({ code });
  }

  async function usePasskey() {
    setError(undefined);
    setPasskeyBusy(true);
    try {
      // The server's options, as JSON carried them (the types differ only in how bytes are spelt).
      const optionsJSON = (await trpcClient.auth.twoFactor.passkeySignInOptions.mutate()) as PublicKeyCredentialRequestOptionsJSON;
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const passkey = await startAuthentication({ optionsJSON });
      complete.mutate({ passkey: { ...passkey, clientExtensionResults: { ...passkey.clientExtensionResults } } });
    } catch (failure) {
      // Her server's refusal in its words; a dialog she closed, or a browser without passkeys, in ours.
      setError(serverMessage(failure) ?? m.security_passkey_cancelled());
    } finally {
      setPasskeyBusy(false);
    }
  }

  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(undefined);
    input.current?.focus();
  };
  const id = 'second-step-code';
  const busy = complete.isPending || passkeyBusy;
  const passkeyButton = (
    <Button type="button" variant={mode === 'passkey' ? 'default' : 'outline'} size="lg" disabled={busy} onClick={() => void usePasskey()}>
      <Fingerprint aria-hidden="true" />
      {passkeyBusy ? m.security_passkey_waiting() : m.security_use_passkey()}
    </Button>
  );
  if (mode === 'passkey') {
    return (
      <div className="grid gap-5">
        <p className="text-sm text-muted-foreground">{m.security_step_passkey_hint()}</p>
        {passkeyButton}
        <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {error}
        </p>
        <button type="button" onClick={() => setMode('recovery')} className="justify-self-center text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {m.security_use_recovery()}
        </button>
        <button type="button" onClick={onRestart} className="justify-self-center text-sm text-muted-foreground underline-offset-4 hover:underline">
          {m.security_step_back()}
        </button>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <form onSubmit={submit} noValidate className="grid gap-5">
        <Field id={id} label={mode === 'app' ? m.security_code_label() : m.security_recovery_label()} hint={mode === 'app' ? m.security_step_code_hint() : m.security_step_recovery_hint()} error={error} announce>
          <Input
            ref={input}
            id={id}
            name="code"
            // Phones offer the code from a text or an app; the digits keypad for the app's code.
            autoComplete="one-time-code"
            inputMode={mode === 'app' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            required
            dir="ltr"
            className="text-center font-mono text-lg tracking-[0.3em]"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...describedBy(id, { hint: true, error })}
          />
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          {complete.isPending ? m.security_checking() : m.security_step_submit()}
        </Button>
        {methods.totp ? (
          <button type="button" onClick={switchMode} className="justify-self-center text-sm font-semibold text-primary underline-offset-4 hover:underline">
            {mode === 'app' ? m.security_use_recovery() : m.security_use_app()}
          </button>
        ) : null}
      </form>
      {methods.passkey ? (
        <>
          <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">{m.security_step_or()}</p>
          {passkeyButton}
        </>
      ) : null}
      <button type="button" onClick={onRestart} className="justify-self-center text-sm text-muted-foreground underline-offset-4 hover:underline">
        {m.security_step_back()}
      </button>
    </div>
  );
}
