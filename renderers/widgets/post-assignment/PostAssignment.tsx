/**
 * The post assignment (spec §2, §4, §5): the position tree on the left (lazy; the root cannot be
 * checked), the positions held on the right. 'Add' moves the checked positions into the table
 * (nothing checked: 你还没有选择任何节点！; a position already there is not added again). In the
 * table, switching a main post on makes it Y and every other N; principal toggles Y/N. The value
 * holds booleans. Read-only shows the table alone with the switches locked.
 */
import { useState, type Key } from 'react';
import { Button, Flex, Switch, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useFeedback } from '../../selectors/useFeedback.ts';
import { LazyTree } from '../../tree/LazyTree.tsx';
import { findNode } from '../../tree/tree-model.ts';
import { useLazyTree } from '../../tree/useLazyTree.ts';
import {
  addPositions,
  normalisePositions,
  removePosition,
  setMainPost,
  togglePrincipal,
  type PositionEntry,
} from './post-rules.ts';

export interface PostAssignmentProps {
  value: unknown;
  onChange(value: PositionEntry[]): void;
  readOnly?: boolean;
  /** Tree operation; default position.findTreeData. */
  operation?: string;
  /** Tree height; default 400. */
  height?: number;
  id?: string;
}

export function PostAssignment({
  value,
  onChange,
  readOnly,
  operation = 'position.findTreeData',
  height,
  id,
}: PostAssignmentProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const dataSource = useDataSource();
  const tree = useLazyTree({ operation, dataSource });
  const [checked, setChecked] = useState<Key[]>([]);
  const entries = normalisePositions(value);

  const add = () => {
    const nodes = checked.flatMap((key) => {
      const node = findNode(tree.nodes, String(key));
      return node ? [node] : [];
    });
    const result = addPositions(entries, nodes);
    if (!result.ok) {
      feedback.warning(t('assignment.nothingChecked'));
      return;
    }
    if (result.skipped) feedback.warning(t('assignment.duplicatesSkipped', { count: result.skipped }));
    setChecked([]);
    if (result.added.length) onChange(result.entries);
  };

  const flagSwitch = (on: boolean, label: string, toggle: (next: boolean) => void) => (
    <Switch
      size="small"
      checked={on}
      disabled={readOnly}
      checkedChildren="Y"
      unCheckedChildren="N"
      aria-label={label}
      onChange={toggle}
    />
  );

  const columns: TableColumnsType<PositionEntry> = [
    { key: 'name', dataIndex: 'name', title: t('assignment.post.name') },
    {
      key: 'isMainPost',
      title: t('assignment.post.isMainPost'),
      width: 110,
      render: (_, entry) =>
        flagSwitch(
          entry.isMainPost,
          t('assignment.post.mainPostOf', { name: entry.name ?? entry.id }),
          (on) => onChange(setMainPost(entries, entry.id, on)),
        ),
    },
    {
      key: 'isPrincipal',
      title: t('assignment.post.isPrincipal'),
      width: 110,
      render: (_, entry) =>
        flagSwitch(
          entry.isPrincipal,
          t('assignment.post.principalOf', { name: entry.name ?? entry.id }),
          () => onChange(togglePrincipal(entries, entry.id)),
        ),
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      title: t('assignment.actions'),
      width: 90,
      render: (_, entry) => (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('assignment.removeNamed', { name: entry.name ?? entry.id })}
          onClick={() => onChange(removePosition(entries, entry.id))}
        >
          {t('assignment.remove')}
        </Button>
      ),
    });
  }

  const table = (
    <Table<PositionEntry>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={entries}
      pagination={false}
      locale={{ emptyText: t('assignment.post.empty') }}
      style={{ flex: 1, minWidth: 320 }}
    />
  );
  if (readOnly)
    return (
      <div id={id} data-testid="post-assignment">
        {table}
      </div>
    );
  return (
    <Flex gap={12} wrap align="flex-start" id={id} data-testid="post-assignment">
      <div style={{ width: 280, border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 4 }}>
        <LazyTree
          data-testid="post-tree"
          tree={tree}
          height={height}
          checkable
          checkStrictly
          selectable={false}
          checkedKeys={checked}
          onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        />
      </div>
      <Flex vertical justify="center" style={{ alignSelf: 'center' }}>
        <Button icon={<DoubleRightOutlined />} onClick={add} data-testid="post-add">
          {t('assignment.add')}
        </Button>
      </Flex>
      {table}
    </Flex>
  );
}
