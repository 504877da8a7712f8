/**
 * What holds a lazy search widget's place while it loads: antd's active input skeleton, itself loaded
 * with the first such widget (a list without DATE or number fields never needs it). For the moment
 * before it arrives, an empty box of the same width, marked active as the skeleton is.
 */
import { lazy, Suspense, type CSSProperties } from 'react';

// The input skeleton alone (antd's `Skeleton` export carries every kind of skeleton).
const SkeletonInput = lazy(() => import('antd/es/skeleton/Input'));

export function WidgetLoading({ style }: { style?: CSSProperties }) {
  return (
    <Suspense
      fallback={
        <span className="ant-skeleton-active" style={{ display: 'inline-block', ...style }} aria-hidden />
      }
    >
      <SkeletonInput active size="small" style={style} />
    </Suspense>
  );
}
