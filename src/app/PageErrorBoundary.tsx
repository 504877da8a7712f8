/**
 * Catches an error thrown while drawing a page, so the rest of the shell (menus, tabs) keeps working.
 * The error reaches the error log through React's root callbacks (src/error-log/capture.ts); here the
 * page shows what happened and a way to try again.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';

// antd's Result loads only when a page has crashed.
const PageCrashed = lazy(() => import('./PageCrashed.tsx'));

export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error)
      return (
        <Suspense fallback={null}>
          <PageCrashed error={this.state.error} onRetry={() => this.setState({ error: null })} />
        </Suspense>
      );
    return this.props.children;
  }
}
