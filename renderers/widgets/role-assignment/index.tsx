/**
 * `ui:widget: roleAssignment` on an array of role entries. ui:options: `operation` (tree operation,
 * default role.findTreeData), `height` (default 400). Read-only (or disabled) hides every control.
 */
import type { WidgetProps } from '@rjsf/utils';
import { RoleAssignment } from './RoleAssignment.tsx';

export default function RoleAssignmentWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
}: WidgetProps) {
  return (
    <RoleAssignment
      id={id}
      value={value}
      onChange={onChange}
      readOnly={readonly || disabled}
      operation={typeof options.operation === 'string' ? options.operation : undefined}
      height={typeof options.height === 'number' ? options.height : undefined}
    />
  );
}
