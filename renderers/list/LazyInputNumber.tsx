/**
 * antd's InputNumber, loaded only when a screen has an INT or DOUBLE search field. While it loads, an active skeleton holds its place (what tests wait for). Form.Item passes
 * value and onChange to this wrapper, which hands them on.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { WidgetLoading } from './WidgetLoading.tsx';

const InputNumber = lazy(() => import('antd/es/input-number'));

type Props = ComponentProps<typeof InputNumber>;

export function LazyInputNumber(props: Props) {
  return (
    <Suspense fallback={<WidgetLoading style={props.style as React.CSSProperties | undefined} />}>
      <InputNumber {...props} />
    </Suspense>
  );
}
