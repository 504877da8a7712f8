/**
 * The employee's user groups (spec §2 'user-group table with add and clear'): a table of name and
 * alias; add opens the user-group selector and appends the chosen groups, skipping those already
 * listed; clear empties the list; each row can be removed. Read-only shows the table alone.
 */
import { Button, Flex, Space, Table, type TableColumnsType } from 'antd';
import { ClearOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openSelector } from '../../selectors/open-selector.ts';
import { useFeedback } from '../../selectors/useFeedback.ts';
import { addGroups, normaliseGroups, type UserGroupEntry } from './group-entries.ts';

export const USER_GROUP_SELECTOR_SCREEN = 'user-group-selector';

export interface UserGroupTableProps {
  value: unknown;
  onChange(value: UserGroupEntry[]): void;
  readOnly?: boolean;
  /** The selector screen to open; default user-group-selector. */
  screen?: string;
  id?: string;
}

export function UserGroupTable({
  value,
  onChange,
  readOnly,
  screen = USER_GROUP_SELECTOR_SCREEN,
  id,
}: UserGroupTableProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const entries = normaliseGroups(value);

  const add = async () => {
    const rows = await openSelector(screen, { multiple: true });
    if (!rows?.length) return;
    const merged = addGroups(normaliseGroups(value), rows);
    if (merged.skipped.length)
      feedback.warning(t('assignment.duplicatesSkipped', { count: merged.skipped.length }));
    if (merged.added.length) onChange(merged.rows);
  };

  const columns: TableColumnsType<UserGroupEntry> = [
    { key: 'groupName', dataIndex: 'groupName', title: t('assignment.group.name') },
    { key: 'groupAlias', dataIndex: 'groupAlias', title: t('assignment.group.alias') },
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
          aria-label={t('assignment.removeNamed', { name: entry.groupName ?? entry.groupId })}
          onClick={() => onChange(entries.filter((e) => e.groupId !== entry.groupId))}
        >
          {t('assignment.remove')}
        </Button>
      ),
    });
  }

  return (
    <Flex vertical gap={8} id={id} data-testid="user-group-table">
      {!readOnly && (
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
            {t('assignment.add')}
          </Button>
          <Button icon={<ClearOutlined />} disabled={entries.length === 0} onClick={() => onChange([])}>
            {t('assignment.clear')}
          </Button>
        </Space>
      )}
      <Table<UserGroupEntry>
        size="small"
        rowKey="groupId"
        columns={columns}
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: t('assignment.group.empty') }}
      />
    </Flex>
  );
}
