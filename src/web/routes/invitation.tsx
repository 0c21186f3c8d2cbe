import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/auth/components/InvitationPage';
import { StandaloneError } from '../shared/ui/states';

/** Where an invitation or password-reset link leads; its token is in the fragment. */
export const Route = createFileRoute('/invitation')({
  component: InvitationPage,
  errorComponent: StandaloneError,
});
