/**
 * `ui:widget: resourceGrant` on an array of resource ids: the checked tree of what a role grants.
 * The role and the subsystem come from the screen's params (`id`, `systemId`; ui:options `roleParam`
 * and `systemParam` rename them). ui:options `height` (default 460). Read-only greys every checkbox.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useScreenContext } from '../../screen-context.tsx';
import { ResourceGrantTree } from './ResourceGrantTree.tsx';

export default function ResourceGrantWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
}: WidgetProps) {
  const { params } = useScreenContext();
  const roleParam = typeof options.roleParam === 'string' ? options.roleParam : 'id';
  const systemParam = typeof options.systemParam === 'string' ? options.systemParam : 'systemId';
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return (
    <ResourceGrantTree
      id={id}
      roleId={text(params[roleParam])}
      systemId={text(params[systemParam])}
      value={value}
      onChange={onChange}
      readOnly={readonly || disabled}
      height={typeof options.height === 'number' ? options.height : undefined}
    />
  );
}
