import { useQuery } from '@tanstack/react-query';
import {
  SIGN_IN_OPTIONS_PATH,
  SSO_LOGIN_PATH,
  signInOptionsSchema,
} from '../../../../contract/administration';
import { apiGet } from '../../../shared/api/client';
import { safeRedirect } from '../../../shared/lib/redirect';

/**
 * The single sign-on button, when the console has an identity provider. A plain link: the
 * browser itself goes to the BFF, which sends it on to the identity provider.
 */
export function SingleSignOn({ redirectTo }: { redirectTo: string | undefined }) {
  const options = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => apiGet(SIGN_IN_OPTIONS_PATH, signInOptionsSchema, signal),
    staleTime: Infinity,
    retry: false,
    meta: { handlesUnauthorized: true },
  });
  if (!options.data?.sso.enabled) return null;
  const href = `${SSO_LOGIN_PATH}?return_to=${encodeURIComponent(safeRedirect(redirectTo))}`;
  return (
    <div className="card sign-in__sso">
      <p>Or, with your organisation’s account:</p>
      <a className="button button--secondary" href={href}>
        {options.data.sso.label}
      </a>
    </div>
  );
}
