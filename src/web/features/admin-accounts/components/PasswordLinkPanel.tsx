import { useId, useState } from 'react';
import type { InvitationLink } from '../../../../contract/administration';
import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';

/**
 * The link to set a password, shown once: the console keeps only its hash. The admin
 * copies it and passes it on by a channel they trust.
 */
export function PasswordLinkPanel({ link }: { link: InvitationLink }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const address = new URL(link.link, window.location.origin).href;
  return (
    <div className="card">
      <p>
        Send this link to <strong>{link.account.email}</strong>. It sets the password, works once,
        and expires {formatDateTime(link.expires_at)}. It is not shown again.
      </p>
      <label htmlFor={`${id}-link`}>Link to set a password</label>
      <input
        id={`${id}-link`}
        className="password-link"
        readOnly
        value={address}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p>
        <Button
          variant="secondary"
          onPress={() => {
            void navigator.clipboard
              .writeText(address)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          Copy link
        </Button>{' '}
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </p>
    </div>
  );
}
