import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { AppRouter } from './router';

interface Props {
  router: AppRouter;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * The last line: an error no route caught (the providers themselves). Route errors
 * are shown by each route's error component; this one resets when the user
 * navigates elsewhere.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };
  private unsubscribe: (() => void) | undefined;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidMount() {
    this.unsubscribe = this.props.router.subscribe('onResolved', () => {
      if (this.state.failed) this.setState({ failed: false });
    });
  }

  override componentWillUnmount() {
    this.unsubscribe?.();
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Lab console: unexpected error', error.message, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="standalone">
        <div className="state">
          <h1>Something went wrong</h1>
          <p role="alert">The console hit an unexpected error.</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload the page
          </button>
        </div>
      </main>
    );
  }
}
