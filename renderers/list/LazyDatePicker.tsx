/**
 * antd's DatePicker, loaded only when a screen has a DATE field (it is about a tenth of a list page's
 * code). Form.Item passes value and onChange to this wrapper, which hands them on.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import Input from 'antd/es/input/Input';

const DatePicker = lazy(() => import('antd/es/date-picker'));

type Props = ComponentProps<typeof DatePicker>;

export function LazyDatePicker(props: Props) {
  return (
    <Suspense
      fallback={
        <Input
          disabled
          placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
          style={props.style}
        />
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}
