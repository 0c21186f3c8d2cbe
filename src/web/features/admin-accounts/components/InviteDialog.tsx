import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { newAccountSchema, type InvitationLink } from '../../../../contract/administration';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { isRole, ROLE_OPTIONS } from '../lib/roleOptions';
import { useInviteAccount } from '../api/accounts';
import { PasswordLinkPanel } from './PasswordLinkPanel';

/** Invite a person: an account without a password, and the link to set one. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const invite = useInviteAccount();
  const [link, setLink] = useState<InvitationLink | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { email: '', name: '', role: 'coordinator' as const },
  });

  const close = () => {
    setLink(null);
    reset();
    invite.reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (account) => {
    try {
      setLink(await invite.mutateAsync(account));
    } catch (error) {
      setError('root.server', { message: describeError(error) });
    }
  });

  const field = (name: 'email' | 'name') => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {message}
      </p>
    ) : null;
  };

  return (
    <ModalDialog
      isOpen={open}
      onOpenChange={(next) => (next ? undefined : close())}
      isDismissable={false}
      title={link ? 'Invitation ready' : 'Invite an account'}
    >
      {link ? (
        <>
          <PasswordLinkPanel link={link} />
          <p className="dialog__actions">
            <Button onPress={close}>Done</Button>
          </p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div role="alert" className="form-alert">
            {errors.root?.server?.message ? <p>{errors.root.server.message}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              {...register('email')}
            />
            {field('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              {...register('name')}
            />
            {field('name')}
          </div>
          <div className="field">
            <Controller
              control={control}
              name="role"
              render={({ field: role }) => (
                <SelectField
                  label="Role"
                  value={role.value}
                  options={ROLE_OPTIONS}
                  onChange={(value) => {
                    if (isRole(value)) role.onChange(value);
                  }}
                />
              )}
            />
          </div>
          <p className="dialog__actions">
            <Button type="submit" isDisabled={isSubmitting}>
              {isSubmitting ? 'Inviting …' : 'Invite'}
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </p>
        </form>
      )}
    </ModalDialog>
  );
}
