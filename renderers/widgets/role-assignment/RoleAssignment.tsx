/**
 * The role assignment (spec §2, §6): the role tree (subsystems with their roles) on the left, the
 * roles held on the right. Only role nodes can be checked and added, and they are added as own;
 * only rows with an own grant can be deleted (inherited ones say why not); read-only hides the tree
 * and every control.
 */
import { useState, type Key } from 'react';
import { Button, Flex, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useFeedback } from '../../selectors/useFeedback.ts';
import { LazyTree } from '../../tree/LazyTree.tsx';
import { findNode } from '../../tree/tree-model.ts';
import { useLazyTree } from '../../tree/useLazyTree.ts';
import {
  addRoles,
  canDeleteRole,
  isAssignableRole,
  normaliseRoles,
  removeRole,
  type RoleEntry,
} from './role-rules.ts';

export interface RoleAssignmentProps {
  value: unknown;
  onChange(value: RoleEntry[]): void;
  readOnly?: boolean;
  /** Tree operation; default role.findTreeData. */
  operation?: string;
  height?: number;
  id?: string;
}

const SOURCE_COLOUR: Record<RoleEntry['source'], string> = {
  own: 'blue',
  other: 'default',
  'own,other': 'purple',
};

export function RoleAssignment({
  value,
  onChange,
  readOnly,
  operation = 'role.findTreeData',
  height,
  id,
}: RoleAssignmentProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const dataSource = useDataSource();
  const tree = useLazyTree({ operation, dataSource });
  const [checked, setChecked] = useState<Key[]>([]);
  const entries = normaliseRoles(value);

  const add = () => {
    const nodes = checked.flatMap((key) => {
      const node = findNode(tree.nodes, String(key));
      return node ? [node] : [];
    });
    const result = addRoles(entries, nodes);
    if (!result.ok) {
      feedback.warning(t('assignment.nothingChecked'));
      return;
    }
    if (result.skipped) feedback.warning(t('assignment.duplicatesSkipped', { count: result.skipped }));
    setChecked([]);
    if (result.added) onChange(result.entries);
  };

  const columns: TableColumnsType<RoleEntry> = [
    { key: 'name', dataIndex: 'name', title: t('assignment.role.name') },
    { key: 'subSystemName', dataIndex: 'subSystemName', title: t('assignment.role.subSystem') },
    {
      key: 'source',
      title: t('assignment.role.source'),
      width: 150,
      render: (_, entry) => (
        <Tag color={SOURCE_COLOUR[entry.source]}>
          {t(`assignment.role.sources.${entry.source.replace(',', '_')}`)}
        </Tag>
      ),
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      title: t('assignment.actions'),
      width: 90,
      render: (_, entry) => {
        const deletable = canDeleteRole(entry);
        const button = (
          <Button
            type="link"
            danger
            size="small"
            icon={<DeleteOutlined />}
            disabled={!deletable}
            aria-label={t('assignment.removeNamed', { name: entry.name ?? entry.id })}
            onClick={() => onChange(removeRole(entries, entry.id))}
          >
            {t('assignment.remove')}
          </Button>
        );
        return deletable ? button : <Tooltip title={t('assignment.role.inherited')}>{button}</Tooltip>;
      },
    });
  }

  const table = (
    <Table<RoleEntry>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={entries}
      pagination={false}
      locale={{ emptyText: t('assignment.role.empty') }}
      style={{ flex: 1, minWidth: 320 }}
    />
  );
  if (readOnly)
    return (
      <div id={id} data-testid="role-assignment">
        {table}
      </div>
    );
  return (
    <Flex gap={12} wrap align="flex-start" id={id} data-testid="role-assignment">
      <div style={{ width: 280, border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 4 }}>
        <LazyTree
          data-testid="role-tree"
          tree={tree}
          height={height}
          checkable
          checkStrictly
          selectable={false}
          checkableNode={isAssignableRole}
          checkedKeys={checked}
          onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        />
      </div>
      <Flex vertical justify="center" style={{ alignSelf: 'center' }}>
        <Button icon={<DoubleRightOutlined />} onClick={add} data-testid="role-add">
          {t('assignment.add')}
        </Button>
      </Flex>
      {table}
    </Flex>
  );
}
