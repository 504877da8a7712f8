/**
 * antd's DatePicker, loaded only when a screen has a DATE field (it is about a tenth of a list page's
 * code). While it loads, an active skeleton holds its place (what tests wait for). Form.Item passes value and onChange to this wrapper, which hands them on.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { WidgetLoading } from './WidgetLoading.tsx';

const DatePicker = lazy(() => import('antd/es/date-picker'));

type Props = ComponentProps<typeof DatePicker>;

export function LazyDatePicker(props: Props) {
  return (
    <Suspense fallback={<WidgetLoading style={props.style as React.CSSProperties | undefined} />}>
      <DatePicker {...props} />
    </Suspense>
  );
}
