/**
 * The organisation picker (spec §2): shows the chosen organisation's name and path; the button opens
 * the org-picker screen (a lazy tree with 'belongs to' and 'clear'; choosing nothing warns 'please
 * select a node first'). The value is the organisation id, or with valueType object the organisation
 * itself ({id, name, path, pathName}). An id from elsewhere is named through org.transfer.
 */
import { useState } from 'react';
import { Button, Flex, Input, Space, theme } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
import { openSelector } from '../../selectors/open-selector.ts';

export const ORG_PICKER_SCREEN = 'org-picker';

export interface OrgSummary {
  id: string;
  name?: string;
  path?: string;
  pathName?: string;
}

export interface OrgPickerProps {
  value: unknown;
  onChange(value: string | OrgSummary | undefined): void;
  readOnly?: boolean;
  /** id (default): the value is the organisation id; object: the organisation. */
  valueType?: 'id' | 'object';
  /** The picker screen to open; default org-picker. */
  screen?: string;
  /** Operation resolving ids to organisations (query {ids}); default org.transfer. */
  lookup?: string;
  id?: string;
}

function summaryOf(value: unknown): OrgSummary | undefined {
  if (typeof value === 'string' || typeof value === 'number')
    return value === '' ? undefined : { id: String(value) };
  if (value && typeof value === 'object' && 'id' in value && (value as { id: unknown }).id != null) {
    const v = value as Record<string, unknown>;
    return {
      id: String(v.id),
      name: typeof v.name === 'string' ? v.name : undefined,
      path: typeof v.path === 'string' ? v.path : undefined,
      pathName: typeof v.pathName === 'string' ? v.pathName : undefined,
    };
  }
  return undefined;
}

/** The name and path of the chosen organisation: from the value, from a pick, or looked up. */
function useOrgSummary(value: unknown, lookup: string) {
  const dataSource = useDataSource();
  const given = summaryOf(value);
  const [known, setKnown] = useState<Record<string, OrgSummary>>({});
  const id = given?.id;
  const needsLookup = !!id && !given?.name && !known[id];
  useLoad(needsLookup ? `${lookup}|${id}` : null, async (signal) => {
    const rows = await dataSource(lookup, { query: { ids: id }, signal }).catch(() => null);
    const found = Array.isArray(rows) ? summaryOf(rows[0]) : undefined;
    // Remember a miss (or a failure) too, so an unknown id is shown as it is instead of asked again.
    if (!signal.aborted) setKnown((k) => ({ ...k, [id!]: found ?? { id: id! } }));
  });
  const summary = given?.name ? given : id ? (known[id] ?? given) : undefined;
  const remember = (org: OrgSummary) => setKnown((k) => ({ ...k, [org.id]: org }));
  return { summary, loading: needsLookup, remember };
}

export function OrgPicker({
  value,
  onChange,
  readOnly,
  valueType = 'id',
  screen = ORG_PICKER_SCREEN,
  lookup = 'org.transfer',
  id,
}: OrgPickerProps) {
  const { t } = useTranslation();
  const { summary, loading, remember } = useOrgSummary(value, lookup);
  const { token } = theme.useToken();

  const pick = async () => {
    const rows = await openSelector(screen, { selected: summary ? [summary] : [] });
    if (!rows) return; // cancelled
    const org = summaryOf(rows[0]);
    if (!org) {
      onChange(undefined); // 'clear'
      return;
    }
    remember(org);
    onChange(valueType === 'object' ? org : org.id);
  };

  const name = summary ? (summary.name ?? summary.id) : '';
  return (
    <Flex vertical gap={4} data-testid="org-picker">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={loading ? '' : name}
          placeholder={t('assignment.org.placeholder')}
          aria-label={t('assignment.org.label')}
        />
        {!readOnly && (
          <Button icon={<ApartmentOutlined />} onClick={() => void pick()}>
            {t('assignment.org.choose')}
          </Button>
        )}
      </Space.Compact>
      {summary?.pathName && (
        <span style={{ color: token.colorTextSecondary }} data-testid="org-picker-path">
          {t('assignment.org.path', { path: summary.pathName })}
        </span>
      )}
    </Flex>
  );
}
