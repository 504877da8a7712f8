/** `ui:widget: userGroupSelector` on an array of user-group entries; `ui:options.screen` names another selector screen. */
import type { WidgetProps } from '@rjsf/utils';
import { UserGroupTable } from './UserGroupTable.tsx';

export default function UserGroupSelectorWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
}: WidgetProps) {
  return (
    <UserGroupTable
      id={id}
      value={value}
      onChange={onChange}
      readOnly={readonly || disabled}
      screen={typeof options.screen === 'string' ? options.screen : undefined}
    />
  );
}
