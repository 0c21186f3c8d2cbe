import { useState } from 'react';
import type { Role } from '../../../../contract/console';
import type { AdminAccount, InvitationLink } from '../../../../contract/administration';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { showToast } from '../../../shared/ui/toast';
import { useChangeAccount, useEndSessions, useNewPasswordLink } from '../api/accounts';
import { isRole, ROLE_OPTIONS } from '../lib/roleOptions';
import { PasswordLinkPanel } from './PasswordLinkPanel';

export type AccountAction = 'role' | 'disable' | 'enable' | 'password' | 'sessions';

const WORDS: Record<
  Exclude<AccountAction, 'role'>,
  { title: string; confirm: string; body: string }
> = {
  disable: {
    title: 'Disable this account?',
    confirm: 'Disable',
    body: 'It is signed out everywhere at once and cannot sign in until enabled again. Its audit trail stays.',
  },
  enable: {
    title: 'Enable this account?',
    confirm: 'Enable',
    body: 'It can sign in again with its password or single sign-on.',
  },
  password: {
    title: 'Reset the password?',
    confirm: 'Reset password',
    body: 'The current password stops working and every session ends now. You get a link, valid for a limited time, with which the person sets a new one.',
  },
  sessions: {
    title: 'End all sessions?',
    confirm: 'End sessions',
    body: 'The account is signed out on every device; it can sign in again.',
  },
};

/** One account action: the question, the call, and the answer (a link or a refusal). */
export function AccountActionDialog({
  account,
  action,
  onClose,
}: {
  account: AdminAccount;
  action: AccountAction;
  onClose: () => void;
}) {
  const change = useChangeAccount();
  const passwordLink = useNewPasswordLink();
  const endSessions = useEndSessions();
  const [role, setRole] = useState<Role>(account.role);
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = change.isPending || passwordLink.isPending || endSessions.isPending;

  const run = async () => {
    setError(null);
    try {
      if (action === 'role') await change.mutateAsync({ id: account.id, change: { role } });
      if (action === 'disable' || action === 'enable') {
        await change.mutateAsync({
          id: account.id,
          change: { status: action === 'disable' ? 'disabled' : 'active' },
        });
      }
      if (action === 'sessions') await endSessions.mutateAsync(account.id);
      if (action === 'password') {
        setLink(await passwordLink.mutateAsync(account.id));
        return;
      }
      showToast({ title: 'Account changed', description: account.email, tone: 'success' });
      onClose();
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  if (link) {
    return (
      <ModalDialog
        isOpen
        onOpenChange={(open) => (open ? undefined : onClose())}
        title="New password link"
      >
        <PasswordLinkPanel link={link} />
        <p className="dialog__actions">
          <Button onPress={onClose}>Done</Button>
        </p>
      </ModalDialog>
    );
  }

  if (action === 'role') {
    return (
      <ModalDialog
        isOpen
        onOpenChange={(open) => (open ? undefined : onClose())}
        isDismissable={false}
        title={`Role of ${account.name}`}
      >
        <div className="field">
          <SelectField
            label="Role"
            value={role}
            options={ROLE_OPTIONS}
            onChange={(value) => {
              if (isRole(value)) setRole(value);
            }}
          />
        </div>
        {error ? (
          <p role="alert" className="form-alert">
            {error}
          </p>
        ) : null}
        <p className="dialog__actions">
          <Button onPress={() => void run()} isDisabled={busy || role === account.role}>
            {busy ? 'Saving …' : 'Change role'}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
        </p>
      </ModalDialog>
    );
  }

  const words = WORDS[action];
  return (
    <ConfirmDialog
      open
      title={words.title}
      confirmLabel={words.confirm}
      cancelLabel="Cancel"
      busy={busy}
      error={error}
      onConfirm={() => void run()}
      onClose={onClose}
    >
      <p>
        <strong>{account.name}</strong> ({account.email})
      </p>
      <p>{words.body}</p>
    </ConfirmDialog>
  );
}
