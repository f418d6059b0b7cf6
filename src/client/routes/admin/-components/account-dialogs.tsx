import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { messages } from '#shared/messages';
import {
  AdminChangePasswordFormSchema,
  AdminCreateSchema,
  AdminEditFormSchema,
  MemberChangePasswordFormSchema,
  UserFormSchema,
} from '#shared/schemas/admin';
import { Field } from '#client/components/field';
import { PasswordInput } from '#client/components/password-input';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import { fieldA11y, fullName, useAdminErrorHandler, useAdminSuccess, useFormValues, validate } from './admin-kit';
import { CheckField, SelectField, TextAreaField, TextField } from './fields';
import { ROLES, type Role } from '#shared/roles';
import { ROLE_LABELS } from '#client/lib/labels';
import { SuspendSchema } from '#shared/schemas/moderation';
import { errorField, errorMessage } from '#client/lib/errors';

/** An account as the admin panel lists it (Community Users and Admin Management alike). */
export type Account = RouterOutputs['admin']['users']['list'][number];

/** Whom a suspension names: an account (Community Users) or a member as moderators see her (Members). */
type Suspendable = Pick<Account, 'id' | 'firstName' | 'lastName'>;

/** Which account dialog is open; one at a time per tab. */
export type AccountDialogState =
  | { kind: 'editUser'; account: Account }
  | { kind: 'addAdmin' }
  | { kind: 'editAdmin'; account: Account }
  | { kind: 'password'; account: Account; asAdmin: boolean }
  | { kind: 'suspend'; account: Suspendable }
  | null;

/** The open dialog; closing unmounts its form, which resets it. */
export function AccountDialogs({ state, onClose }: { state: AccountDialogState; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      {state ? (
        <DialogContent className="max-w-xl">
          {state.kind === 'password' ? (
            <PasswordForm account={state.account} asAdmin={state.asAdmin} onDone={onClose} />
          ) : state.kind === 'suspend' ? (
            <SuspendForm account={state.account} onDone={onClose} />
          ) : (
            <AccountForm state={state} onDone={onClose} />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const emptyAccount = { email: '', firstName: '', lastName: '', age: '', interests: '', bio: '', password: '', isAdmin: false, isApproved: true, role: 'member' as Role };

/** The role select of Edit User and Edit Admin: admins promote and demote here. */
function RoleField({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <SelectField
      id="account-role"
      label={m.admin_role_label()}
      hint={m.admin_role_hint()}
      value={value}
      onChange={(next) => onChange(next as Role)}
      options={ROLES}
      labelOf={(role) => ROLE_LABELS[role as Role]()}
      placeholder={m.admin_role_label()}
    />
  );
}

function AccountForm({ state, onDone }: { state: Exclude<AccountDialogState, null | { kind: 'password' } | { kind: 'suspend' }>; onDone: () => void }) {
  const account = 'account' in state ? state.account : undefined;
  const form = useFormValues(
    account
      ? { ...emptyAccount, ...account, age: account.age?.toString() ?? '', interests: account.interests ?? '', bio: account.bio ?? '', password: '' }
      : emptyAccount,
  );
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const lists = [trpc.admin.users.pathFilter(), trpc.admin.admins.pathFilter()];
  const done = (title: string) => async () => {
    onDone();
    await succeed(title, undefined, ...lists);
  };
  const updateUser = useMutation(trpc.admin.users.update.mutationOptions({ onError, onSuccess: done(messages.admin.userUpdated) }));
  const createAdmin = useMutation(trpc.admin.admins.create.mutationOptions({ onError, onSuccess: done(messages.admin.adminCreated) }));
  const updateAdmin = useMutation(trpc.admin.admins.update.mutationOptions({ onError, onSuccess: done(messages.admin.adminUpdated) }));
  const pending = updateUser.isPending || createAdmin.isPending || updateAdmin.isPending;
  const { values, set, errors, setErrors } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    const { password, isAdmin: _isAdmin, isApproved, role, ...fields } = values;
    if (state.kind === 'editUser') {
      const result = validate(UserFormSchema, { ...fields, isAdmin: role === 'admin', isApproved, role });
      if (result.errors) return setErrors(result.errors);
      updateUser.mutate({ id: state.account.id, ...result.data });
    } else if (state.kind === 'addAdmin') {
      const result = validate(AdminCreateSchema, { ...fields, password });
      if (result.errors) return setErrors(result.errors);
      createAdmin.mutate(result.data);
    } else {
      const result = validate(AdminEditFormSchema, { ...fields, password });
      if (result.errors) return setErrors(result.errors);
      updateAdmin.mutate({ id: state.account.id, ...result.data, role });
    }
  }

  const heading =
    state.kind === 'editUser'
      ? { title: m.admin_users_edit_title(), description: m.admin_users_edit_description() }
      : state.kind === 'addAdmin'
        ? { title: m.admin_admins_add_title(), description: m.admin_admins_add_description() }
        : { title: m.admin_admins_edit_title(), description: m.admin_admins_edit_description() };
  const creating = state.kind === 'addAdmin';

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{heading.title}</DialogTitle>
        <DialogDescription>{heading.description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="account-email" label={m.admin_account_email()} type="email" dir="ltr" autoComplete="off" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="account-firstName" label={m.admin_account_first_name()} limit={TEXT_LIMITS.name} value={values.firstName} error={errors.firstName} onChange={(v) => set('firstName', v)} />
          <TextField id="account-lastName" label={m.admin_account_last_name()} limit={TEXT_LIMITS.name} value={values.lastName} error={errors.lastName} onChange={(v) => set('lastName', v)} />
        </div>
        <TextField id="account-age" label={`${m.admin_account_age()} ${m.admin_common_optional()}`} type="number" min={1} inputMode="numeric" value={values.age} error={errors.age} onChange={(v) => set('age', v)} />
        <TextAreaField id="account-interests" label={`${m.admin_account_interests()} ${m.admin_common_optional()}`} rows={2} limit={TEXT_LIMITS.interests} value={values.interests} error={errors.interests} onChange={(v) => set('interests', v)} />
        <TextAreaField id="account-bio" label={`${m.admin_account_bio()} ${m.admin_common_optional()}`} rows={3} limit={TEXT_LIMITS.bio} value={values.bio} error={errors.bio} onChange={(v) => set('bio', v)} />
        {state.kind === 'editUser' || state.kind === 'editAdmin' ? <RoleField value={values.role} onChange={(role) => set('role', role)} /> : null}
        {state.kind === 'editUser' ? (
          <CheckField id="account-isApproved" label={m.admin_users_is_approved()} checked={values.isApproved} onChange={(v) => set('isApproved', v)} />
        ) : (
          <Field id="account-password" label={creating ? m.admin_account_password() : `${m.admin_account_password()} ${m.admin_common_optional()}`} hint={creating ? m.admin_account_password_hint() : m.admin_account_password_edit_hint()} error={errors.password}>
            <PasswordInput {...fieldA11y('account-password', errors.password, true)} autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} />
          </Field>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {m.admin_common_cancel()}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? (creating ? m.admin_common_creating() : m.admin_common_updating()) : creating ? m.admin_account_create() : m.admin_account_update()}
        </Button>
      </DialogFooter>
    </form>
  );
}

function PasswordForm({ account, asAdmin, onDone }: { account: Account; asAdmin: boolean; onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({ password: '', confirmPassword: '' });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const options = {
    onError,
    onSuccess: async () => {
      onDone();
      await succeed(messages.admin.passwordUpdated, undefined);
    },
  };
  const forUser = useMutation(trpc.admin.users.setPassword.mutationOptions(options));
  const forAdmin = useMutation(trpc.admin.admins.setPassword.mutationOptions(options));
  const pending = forUser.isPending || forAdmin.isPending;
  const name = fullName(account);

  function submit(event: FormEvent) {
    event.preventDefault();
    // 'Passwords don't match' comes first and nothing is sent.
    const result = validate(asAdmin ? AdminChangePasswordFormSchema : MemberChangePasswordFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    (asAdmin ? forAdmin : forUser).mutate({ id: account.id, password: result.data.password });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{m.admin_password_title()}</DialogTitle>
        <DialogDescription>{m.admin_password_description({ name })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <Field id="new-password" label={m.admin_password_new()} error={errors.password}>
          <PasswordInput {...fieldA11y('new-password', errors.password)} autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} />
        </Field>
        <Field id="confirm-password" label={m.admin_password_confirm()} error={errors.confirmPassword}>
          <PasswordInput
            {...fieldA11y('confirm-password', errors.confirmPassword)}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </Field>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {m.admin_common_cancel()}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? m.admin_common_updating() : m.admin_password_submit()}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Suspend for some days with a reason she is shown; the server's schema checks both. */
function SuspendForm({ account, onDone }: { account: Suspendable; onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({ days: '7', reason: '' });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const suspend = useMutation(
    trpc.admin.users.suspend.mutationOptions({
      // A refusal about the days (longer than her role may give) is shown at the field.
      onError: (error) => (errorField(error) === 'days' ? setErrors({ days: errorMessage(error) }) : onError(error)),
      onSuccess: async () => {
        onDone();
        await succeed(messages.moderation.memberSuspended, undefined, trpc.admin.users.pathFilter(), trpc.admin.members.pathFilter(), trpc.admin.audit.pathFilter());
      },
    }),
  );
  const name = fullName(account);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(SuspendSchema, { id: account.id, ...values });
    if (result.errors) return setErrors(result.errors);
    suspend.mutate(result.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{m.admin_suspension_title()}</DialogTitle>
        <DialogDescription>{m.admin_suspension_description({ name })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="suspend-days" label={m.admin_suspension_days()} hint={m.admin_suspension_days_hint()} type="number" inputMode="numeric" min={1} max={365} value={values.days} error={errors.days} onChange={(v) => set('days', v)} />
        <TextAreaField id="suspend-reason" label={m.admin_suspension_reason()} rows={3} limit={TEXT_LIMITS.suspendReason} value={values.reason} error={errors.reason} onChange={(v) => set('reason', v)} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={suspend.isPending}>
          {m.admin_common_cancel()}
        </Button>
        <Button type="submit" disabled={suspend.isPending}>
          {suspend.isPending ? m.admin_suspension_submitting() : m.admin_suspension_submit()}
        </Button>
      </DialogFooter>
    </form>
  );
}
