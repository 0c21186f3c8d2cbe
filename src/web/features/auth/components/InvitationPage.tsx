import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  INVITATION_ACCEPT_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '../../../../contract/administration';
import { apiRequest, describeError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/ui/usePageTitle';

const formSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, {
    path: ['repeat'],
    message: 'The two passwords differ.',
  });

/** The token of the link, read from the fragment (never sent to a server in the address). */
const tokenFromLocation = () =>
  new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

/** Sets the password of an invited account (or after a reset) with the link's token. */
export function InvitationPage() {
  usePageTitle('Set your password');
  const id = useId();
  const [token] = useState(tokenFromLocation);
  const accept = useMutation({
    mutationFn: (password: string) =>
      apiRequest(INVITATION_ACCEPT_PATH, { method: 'POST', body: { token, password } }),
    meta: { handlesUnauthorized: true },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { password: '', repeat: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await accept.mutateAsync(password);
    } catch (error) {
      setError('root.server', { message: describeError(error) });
    }
  });

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <p className="brand">Lab console</p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="sign-in">
        <h1>Set your password</h1>
        {accept.isSuccess ? (
          <div className="card">
            <p role="status">Your password is set.</p>
            <p>
              <Link to="/sign-in">Sign in</Link>
            </p>
          </div>
        ) : !token ? (
          <p className="card">
            This address has no invitation in it. Open the link exactly as you received it.
          </p>
        ) : (
          <form className="card form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <div role="alert" className="form-alert">
              {errors.root?.server?.message ? <p>{errors.root.server.message}</p> : null}
            </div>
            <p id={`${id}-rule`} className="field-hint">
              {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters, any kind: a few unrelated
              words make a good one. Very common passwords are refused.
            </p>
            <div className="field">
              <label htmlFor={`${id}-password`}>New password</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={`${id}-rule${errors.password ? ` ${id}-password-error` : ''}`}
                {...register('password')}
              />
              {errors.password ? (
                <p id={`${id}-password-error`} className="field-error" role="alert">
                  {errors.password.message}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-repeat`}>Repeat it</label>
              <input
                id={`${id}-repeat`}
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.repeat ? true : undefined}
                aria-describedby={errors.repeat ? `${id}-repeat-error` : undefined}
                {...register('repeat')}
              />
              {errors.repeat ? (
                <p id={`${id}-repeat-error`} className="field-error" role="alert">
                  {errors.repeat.message}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button" disabled={isSubmitting}>
              Set password
            </button>
          </form>
        )}
      </main>
    </>
  );
}
