/**
 * icon: picks an icon of @ant-design/icons by name (the value stored, e.g. 'UserOutlined'). A
 * popover offers a search box, the three themes and a grid of the matching icons; the full icon set
 * loads on first use (icon-set.ts).
 */
import { createElement, useState, type ComponentType } from 'react';
import { Button, Empty, Input, Popover, Segmented, Space, Spin, Tooltip, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { IconTheme } from './icon-set.ts';
import { searchIcons, themeOf } from './icon-search.ts';
import { useLoad } from '../../environment/use-load.ts';

type IconMap = ReadonlyMap<string, ComponentType>;

let pending: Promise<IconMap> | undefined;
function loadIcons(): Promise<IconMap> {
  pending ??= import('./icon-set.ts').then((m) => m.ICONS);
  return pending;
}

function useIcons(wanted: boolean): IconMap | undefined {
  return useLoad(wanted ? 'icons' : null, loadIcons).data;
}

function IconGrid({
  icons,
  onPick,
  selected,
}: {
  icons: IconMap;
  onPick(name: string): void;
  selected?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [theme, setTheme] = useState<IconTheme>((selected && themeOf(selected)) || 'Outlined');
  const { shown, total } = searchIcons(icons.keys(), text, theme);
  return (
    <div style={{ width: 360 }} data-testid="icon-picker">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          allowClear
          autoFocus
          placeholder={t('form.icon.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Segmented<IconTheme>
          block
          value={theme}
          onChange={setTheme}
          options={[
            { value: 'Outlined', label: t('form.icon.outlined') },
            { value: 'Filled', label: t('form.icon.filled') },
            { value: 'TwoTone', label: t('form.icon.twoTone') },
          ]}
        />
        {shown.length ? (
          <div
            role="listbox"
            aria-label={t('form.icon.choose')}
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(8, 1fr)',
              gap: 4,
              maxHeight: 240,
              overflowY: 'auto',
            }}
          >
            {shown.map((name) => {
              const Icon = icons.get(name)!;
              return (
                <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                  <Button
                    role="option"
                    aria-selected={name === selected}
                    aria-label={name}
                    type={name === selected ? 'primary' : 'text'}
                    icon={<Icon />}
                    onClick={() => onPick(name)}
                  />
                </Tooltip>
              );
            })}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.icon.none')} />
        )}
        {total > shown.length ? (
          <Typography.Text type="secondary">
            {t('form.icon.more', { shown: shown.length, total })}
          </Typography.Text>
        ) : null}
      </Space>
    </div>
  );
}

export default function IconWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = typeof value === 'string' && value ? value : undefined;
  const icons = useIcons(open || Boolean(name));
  const Current = name ? icons?.get(name) : undefined;
  const locked = disabled || readonly;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={name ?? ''}
        placeholder={t('form.icon.placeholder')}
        prefix={Current ? createElement(Current) : <span style={{ width: 14 }} />}
        disabled={disabled}
      />
      {locked ? null : (
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          placement="bottomRight"
          content={
            icons ? (
              <IconGrid
                icons={icons}
                selected={name}
                onPick={(picked) => {
                  onChange(picked);
                  setOpen(false);
                }}
              />
            ) : (
              <Spin />
            )
          }
        >
          <Button>{t('form.icon.choose')}</Button>
        </Popover>
      )}
      {locked || !name ? null : <Button onClick={() => onChange(undefined)}>{t('form.clear')}</Button>}
    </Space.Compact>
  );
}
