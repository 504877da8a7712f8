/**
 * `ui:widget: alertSettings` on the list of message alert settings ({messageType, sms, email}): one row
 * per message type with an SMS and an e-mail switch (msg.alertSetting.query/save). Types the value lacks
 * show off; read-only (or disabled) greys the switches.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';

export const MESSAGE_TYPES = ['normal', 'system', 'bulletin'] as const;

export interface AlertSetting {
  messageType: (typeof MESSAGE_TYPES)[number];
  sms: boolean;
  email: boolean;
}

/** Every message type once, in the usual order, from whatever the value holds. */
export function normaliseSettings(value: unknown): AlertSetting[] {
  const given = Array.isArray(value) ? (value as Partial<AlertSetting>[]) : [];
  return MESSAGE_TYPES.map((messageType) => {
    const found = given.find((s) => s?.messageType === messageType);
    return { messageType, sms: found?.sms === true, email: found?.email === true };
  });
}

export default function AlertSettingsWidget({ id, value, onChange, readonly, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const rows = normaliseSettings(value);
  const off = readonly || disabled;
  const set = (messageType: string, key: 'sms' | 'email', on: boolean) =>
    onChange(rows.map((r) => (r.messageType === messageType ? { ...r, [key]: on } : r)));
  return (
    <Table<AlertSetting>
      id={id}
      data-testid="alert-settings"
      size="small"
      pagination={false}
      rowKey="messageType"
      dataSource={rows}
      columns={[
        {
          key: 'type',
          title: t('alertSetting.messageType'),
          render: (_, r) => t(`message.type.${r.messageType}`),
        },
        ...(['sms', 'email'] as const).map((key) => ({
          key,
          title: t(`alertSetting.${key}`),
          width: 120,
          render: (_: unknown, r: AlertSetting) => (
            <Switch
              checked={r[key]}
              disabled={off}
              aria-label={t(`alertSetting.switch.${key}`, { type: t(`message.type.${r.messageType}`) })}
              onChange={(on) => set(r.messageType, key, on)}
            />
          ),
        })),
      ]}
    />
  );
}
