/**
 * A widget whose code loads on first use. Each one gets its own Suspense boundary, so a widget still
 * loading shows a placeholder bar in its place instead of blanking the whole screen (an active
 * skeleton, which is also what tests wait for before they look).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { WidgetComponent } from '../widgets/registry.ts';

export function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>): WidgetComponent {
  const Loaded = lazy(load);
  function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Skeleton.Input active block size="small" />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}
