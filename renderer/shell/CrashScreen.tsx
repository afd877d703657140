import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * The last line of defence: a render error anywhere shows what happened and a way back,
 * instead of an empty window. Results are on disk, so reloading loses nothing saved.
 */
export class CrashScreen extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Groundwork: the window hit an error it could not handle', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error crash-screen" role="alert" data-testid="crash-screen" data-code="renderer_crash">
        <div className="error-text">
          <strong>Something in this window failed: {error.message}</strong> <code className="error-code">renderer_crash</code>
          <div className="error-hint">
            Your results and reviews are saved in the workspace. Reload the window to continue; if it happens again, the log has the
            details.
          </div>
        </div>
        <button type="button" onClick={() => location.reload()} data-testid="crash-reload">
          Reload
        </button>
      </div>
    );
  }
}
