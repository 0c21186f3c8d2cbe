/** Why single sign-on did not sign someone in: the sign-in page's `?sso=` and its words. */
export const SSO_ERRORS = {
  'no-role':
    'Your identity provider signed you in, but gave you no role in this console. Ask an administrator to grant you one.',
  disabled: 'This console account is disabled. Ask an administrator.',
  conflict:
    'A console account with your e-mail signs in with a password. Ask an administrator to sort it out.',
  failed: 'Single sign-on did not complete. Try again.',
  unavailable: 'The identity provider cannot be reached right now.',
} as const;
export type SsoError = keyof typeof SSO_ERRORS;
