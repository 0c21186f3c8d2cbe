import { connectionLabel, type LiveConnection } from '../lib/connection';

/** "Live" or "Offline — reconnecting", announced politely when it changes. */
export function LiveIndicator({ state }: { state: LiveConnection }) {
  return (
    <p role="status" className={`live-indicator live-indicator--${state}`}>
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="visually-hidden">Updates: </span>
      {connectionLabel(state)}
    </p>
  );
}
