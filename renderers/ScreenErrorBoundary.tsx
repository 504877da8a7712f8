/** Catches a screen that throws while rendering, so the shell around it keeps working. */
import { Component, type ReactNode } from 'react';
import { LazyScreenErrorPanel as ScreenErrorPanel } from './LazyScreenErrorPanel.tsx';

interface State {
  error: unknown;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    return this.state.error ? <ScreenErrorPanel error={this.state.error} /> : this.props.children;
  }
}
