import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorState } from '../../../shared/ui/states';
import { isClosedBetaError } from '../lib/closedBeta';
import { ClosedBetaNotice } from './ClosedBetaNotice';

/** A route error of the review pages: the closed-beta refusal reads as a clear message. */
export function UnmatchedResultsErrorState(props: ErrorComponentProps) {
  if (isClosedBetaError(props.error)) return <ClosedBetaNotice error={props.error} />;
  return <ErrorState {...props} />;
}
