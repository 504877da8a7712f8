/**
 * The menu resources of one subsystem as a checked tree, for what one role grants (the role list's
 * 分配资源 dialog). It reads which resources the role holds (auth.resources.findRoleResTreeChecked),
 * hands them to the form as its value, and every check changes the value by the rules of
 * grant-rules.ts. Names are translation keys when the menu files wrote them, plain text otherwise.
 */
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Alert, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
import { checkedIds, nestRows, toggleGrant, type GrantNode, type GrantRow } from './grant-rules.ts';

export interface ResourceGrantTreeProps {
  roleId: string;
  systemId: string;
  value: unknown;
  onChange(ids: string[]): void;
  readOnly?: boolean;
  height?: number;
  id?: string;
}

export function ResourceGrantTree({
  roleId,
  systemId,
  value,
  onChange,
  readOnly,
  height = 460,
  id,
}: ResourceGrantTreeProps) {
  const { t, i18n } = useTranslation();
  const dataSource = useDataSource();
  // Read once per role and subsystem (cancelled when either changes or the dialog closes).
  const loaded = useLoad(roleId && systemId ? JSON.stringify([roleId, systemId]) : null, (signal) =>
    dataSource('auth.resources.findRoleResTreeChecked', { query: { roleId, systemId }, signal }).then(
      (answer) => (Array.isArray(answer) ? (answer as GrantRow[]) : []),
    ),
  );
  const rows = loaded.data ?? null;
  // The form starts from what the role holds now (rjsf's default for an array is []).
  const startFrom = useEffectEvent((list: GrantRow[]) => onChange(checkedIds(list)));
  useEffect(() => {
    if (rows) startFrom(rows);
  }, [rows]);

  const language = i18n.language;
  const treeData = useMemo(() => {
    const label = (name: string) =>
      i18n.exists(name, { lng: language }) ? t(name, { lng: language }) : name;
    const toAntd = (nodes: GrantNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: label(n.name),
        disableCheckbox: readOnly,
        children: toAntd(n.children),
      }));
    return rows ? toAntd(nestRows(rows)) : [];
  }, [rows, readOnly, i18n, t, language]);

  if (!roleId || !systemId)
    return <Alert type="warning" showIcon message={t('resourceAdmin.grant.noSystem')} />;
  if (!rows) return <Spin />;
  if (!rows.length) return <Empty description={t('resourceAdmin.grant.empty')} />;
  const granted = Array.isArray(value) ? value.map(String) : checkedIds(rows);
  return (
    // A scrolling box rather than antd's virtual list: a menu has hundreds of nodes, not thousands.
    <div id={id} data-testid="resource-grant-tree" style={{ maxHeight: height, overflow: 'auto' }}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={{ checked: granted, halfChecked: [] }}
        onCheck={(_, info) => {
          if (readOnly) return;
          onChange(toggleGrant(rows, granted, String(info.node.key), info.checked));
        }}
      />
    </div>
  );
}
