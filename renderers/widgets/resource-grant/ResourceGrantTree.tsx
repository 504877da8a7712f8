/**
 * The menu resources of one subsystem as a checked tree, for what one role grants (the role list's
 * 分配资源 dialog). It reads which resources the role holds (auth.resources.findRoleResTreeChecked),
 * hands them to the form as its value, and every check changes the value by the rules of
 * grant-rules.ts. Names are translation keys when the menu files wrote them, plain text otherwise.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
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
  const [rows, setRows] = useState<GrantRow[] | null>(null);
  const label = (name: string) => (i18n.exists(name) ? t(name) : name);

  useEffect(() => {
    if (!roleId || !systemId) return;
    const abort = new AbortController();
    void dataSource('auth.resources.findRoleResTreeChecked', {
      query: { roleId, systemId },
      signal: abort.signal,
    }).then((answer) => {
      if (abort.signal.aborted) return;
      const list = Array.isArray(answer) ? (answer as GrantRow[]) : [];
      setRows(list);
      // The form starts from what the role holds now (rjsf's default for an array is []).
      onChange(checkedIds(list));
    });
    return () => abort.abort();
    // Read once per role and subsystem; onChange changes with every check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataSource, roleId, systemId]);

  const treeData = useMemo(() => {
    const toAntd = (nodes: GrantNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: label(n.name),
        disableCheckbox: readOnly,
        children: toAntd(n.children),
      }));
    return rows ? toAntd(nestRows(rows)) : [];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, readOnly, i18n.language]);

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
