import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the area once it failed; a function chooses by what failed. */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  /**
   * The page the boundary shows (the path). A failure is that page's: when the visitor goes to another page, the
   * boundary renders its children again, so a page that throws (or a remotes.json that could not be read) does not
   * keep every other page of the area behind the notice until they press "retry".
   */
  resetKey?: string;
  /** Told of each failure caught (the shell reports it to the API). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error?: unknown;
  resetKey: string | undefined;
}

/**
 * Catches a remote that fails to load or throws while rendering, so header, footer and cart badge keep
 * working. The parent gives it a new `key` per attempt, which resets it; so does another `resetKey`.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A shop area failed', error);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}
