/**
 * `ui:widget: postAssignment` on an array of position entries (booleans isMainPost, isPrincipal).
 * ui:options: `operation` (tree operation, default position.findTreeData), `height` (default 400).
 */
import type { WidgetProps } from '@rjsf/utils';
import { PostAssignment } from './PostAssignment.tsx';

export default function PostAssignmentWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
}: WidgetProps) {
  return (
    <PostAssignment
      id={id}
      value={value}
      onChange={onChange}
      readOnly={readonly || disabled}
      operation={typeof options.operation === 'string' ? options.operation : undefined}
      height={typeof options.height === 'number' ? options.height : undefined}
    />
  );
}
