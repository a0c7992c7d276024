import { Component, type ReactNode } from 'react';
import { AppError } from './AppError';

/** Keeps the frame (menu, top bar) when one screen fails to draw; the layout starts a new one on each path. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    return error ? <AppError error={error} resetErrorBoundary={() => this.setState({ error: null })} /> : this.props.children;
  }
}
