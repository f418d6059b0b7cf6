import { useMutation, useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { shortDate, shortDateTime } from '#client/lib/formats';
import { queryClient, trpc, type RouterOutputs } from '#client/trpc';
import { LoadFailed, SectionTitle } from './account-kit';

const failed = (failure: unknown) => toast({ title: m.account_profile_failed_title(), description: errorMessage(failure), variant: 'destructive' });

type Device = RouterOutputs['auth']['account']['sessions'][number];

const sessionsQuery = () => trpc.auth.account.sessions.queryOptions();
const refreshDevices = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });

/** "Your devices": where her account is signed in, this browser marked, the others signed out one by one or all at once. */
export function DevicesSection() {
  const devices = useQuery(sessionsQuery());
  // This device first, then the others as the server orders them (last used first).
  const list = devices.data ? [...devices.data].sort((x, y) => Number(y.current) - Number(x.current)) : [];
  const others = list.filter((device) => !device.current);
  const endOthers = useMutation(
    trpc.auth.account.endOtherSessions.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: result.message });
        await refreshDevices();
      },
      onError: failed,
    }),
  );

  return (
    <section aria-labelledby="profile-devices" aria-busy={devices.isPending} className="grid gap-4">
      <SectionTitle id="profile-devices" icon={MonitorSmartphone}>
        {m.account_devices_title()}
      </SectionTitle>
      <p className="text-sm text-muted-foreground">{m.account_devices_hint()}</p>
      {devices.isPending ? (
        <Skeleton className="h-24 rounded-2xl" />
      ) : devices.isError ? (
        <LoadFailed message={m.account_load_failed()} retry={m.account_retry()} onRetry={() => void devices.refetch()} />
      ) : (
        <>
          <ul className="grid gap-3">
            {list.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          {others.length > 0 ? (
            <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {endOthers.isPending ? m.account_signing_out() : m.account_devices_sign_out_others()}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{m.account_devices_only_this()}</p>
          )}
        </>
      )}
    </section>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const signedIn = new Date(device.createdAt);
  const lastUsed = new Date(device.lastUsedAt);
  const end = useMutation(
    trpc.auth.account.endSession.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: result.message });
        await refreshDevices();
      },
      onError: failed,
    }),
  );
  return (
    <li className="grid grid-cols-[auto_1fr] items-center gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:grid-cols-[auto_1fr_auto]">
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
        <MonitorSmartphone className="size-5" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {device.browser}
          {device.current ? <Badge variant="success">{m.account_devices_this_device()}</Badge> : null}
        </p>
        <p className="grid text-sm text-muted-foreground sm:block">
          <time dateTime={signedIn.toISOString()}>{m.account_devices_signed_in({ date: shortDate(signedIn) })}</time>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <time dateTime={lastUsed.toISOString()}>{m.account_devices_last_used({ date: shortDateTime(lastUsed) })}</time>
        </p>
      </div>
      {device.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="col-start-2 justify-self-start sm:col-start-auto"
          aria-label={m.account_devices_sign_out_label({ browser: device.browser, date: shortDateTime(lastUsed) })}
          disabled={end.isPending}
          onClick={() => end.mutate({ id: device.id })}
        >
          {end.isPending ? m.account_signing_out() : m.account_devices_sign_out()}
        </Button>
      )}
    </li>
  );
}
