/**
 * antd's InputNumber, loaded only when a screen has an INT or DOUBLE search field. Form.Item passes
 * value and onChange to this wrapper, which hands them on.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import Input from 'antd/es/input/Input';

const InputNumber = lazy(() => import('antd/es/input-number'));

type Props = ComponentProps<typeof InputNumber>;

export function LazyInputNumber(props: Props) {
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
      <InputNumber {...props} />
    </Suspense>
  );
}
