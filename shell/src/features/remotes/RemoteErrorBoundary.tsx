import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the area once it failed. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a remote that fails to load or throws while rendering, so header, footer and cart badge keep
 * working. The parent gives it a new `key` per attempt, which resets it.
 */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A shop area failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
