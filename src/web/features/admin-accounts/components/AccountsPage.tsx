import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminAccount } from '../../../../contract/administration';
import { formatDate } from '../../../shared/lib/format';
import { describeRole } from '../../../shared/lib/permissions';
import { Button } from '../../../shared/ui/Button';
import { EmptyState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { accountsQueryOptions } from '../api/accounts';
import { AccountActionDialog, type AccountAction } from './AccountActionDialog';
import { InviteDialog } from './InviteDialog';
import './accounts.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

const STATUS_WORDS: Record<AdminAccount['status'], string> = {
  active: 'Active',
  invited: 'Invited (no password yet)',
  disabled: 'Disabled',
};

/**
 * For admins: the console's accounts — invite, change a role, disable or enable, reset a
 * password, end every session. Single sign-on accounts take their role from the identity
 * provider, so only their access is managed here.
 */
export function AccountsPage() {
  usePageTitle('Accounts');
  const { data } = useSuspenseQuery(accountsQueryOptions);
  const [inviting, setInviting] = useState(false);
  const [acting, setActing] = useState<{ account: AdminAccount; action: AccountAction } | null>(
    null,
  );

  return (
    <>
      <div className="page-heading">
        <h1>Accounts</h1>
        <Button onPress={() => setInviting(true)}>Invite an account</Button>
      </div>
      {data.accounts.length === 0 ? (
        <EmptyState title="No accounts yet." />
      ) : (
        <TableScroll label="Accounts">
          <table className="table accounts-table">
            <caption className="visually-hidden">Console accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Signs in with</th>
                <th scope="col">Sessions</th>
                <th scope="col">Since</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((account) => (
                <tr key={account.id}>
                  <th scope="row">{account.name}</th>
                  <td>{account.email}</td>
                  <td>{describeRole(account.role)}</td>
                  <td>{STATUS_WORDS[account.status]}</td>
                  <td>{account.source === 'sso' ? 'Single sign-on' : 'Password'}</td>
                  <td>{account.sessions}</td>
                  <td>{formatDate(account.created_at)}</td>
                  <td>
                    <div
                      className="accounts-table__actions"
                      aria-label={`Actions for ${account.email}`}
                      role="group"
                    >
                      {account.source === 'password' ? (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() => setActing({ account, action: 'role' })}
                        >
                          Change role
                        </Button>
                      ) : null}
                      {account.status === 'disabled' ? (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() => setActing({ account, action: 'enable' })}
                        >
                          Enable
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() => setActing({ account, action: 'disable' })}
                        >
                          Disable
                        </Button>
                      )}
                      {account.source === 'password' && account.status !== 'disabled' ? (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() => setActing({ account, action: 'password' })}
                        >
                          {account.status === 'invited' ? 'New invitation link' : 'Reset password'}
                        </Button>
                      ) : null}
                      {account.sessions > 0 ? (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() => setActing({ account, action: 'sessions' })}
                        >
                          End sessions
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {acting ? (
        <AccountActionDialog
          account={acting.account}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      ) : null}
    </>
  );
}
