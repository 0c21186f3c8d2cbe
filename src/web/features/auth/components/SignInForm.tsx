import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { loginRequestSchema, type LoginRequest } from '../../../../contract/console';

/**
 * Email and password, checked by the contract's login schema: the sign-in page's form and the
 * "Sign in again" dialog's. `onSignIn` answers the message to show when the sign-in is refused.
 */
export function SignInForm({
  className,
  defaultEmail = '',
  notice,
  onSignIn,
  actions,
}: {
  className: string;
  /** Known already (the account whose session ended): the password is what is missing. */
  defaultEmail?: string;
  /** A message from before this form was used (a failed single sign-on). */
  notice?: string | null;
  onSignIn: (credentials: LoginRequest) => Promise<string | undefined>;
  actions: (signingIn: boolean) => ReactNode;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    const refusal = await onSignIn(credentials);
    if (refusal) setError('root.server', { message: refusal });
  });

  const emailError = errors.email ? 'Enter a valid email address.' : null;
  const passwordError = errors.password ? 'Enter your password.' : null;
  const serverError = errors.root?.server?.message ?? notice;

  return (
    <form className={className} noValidate onSubmit={(event) => void onSubmit(event)}>
      <div role="alert" className="form-alert">
        {serverError ? <p>{serverError}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className="field-error" role="alert">
            {emailError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          autoFocus={defaultEmail !== ''}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          {...register('password')}
        />
        {passwordError ? (
          <p id={`${id}-password-error`} className="field-error" role="alert">
            {passwordError}
          </p>
        ) : null}
      </div>
      {actions(isSubmitting)}
    </form>
  );
}
