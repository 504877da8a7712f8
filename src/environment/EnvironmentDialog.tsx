/**
 * The environment dialog: pick a configured environment, or enter a custom base address and the
 * single-app flag. OK stays disabled while the custom address is empty (spec §5); a malformed address
 * is refused with a message and changes nothing. Switching goes through the refresh route (§4).
 */
import { useMemo, useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { apiAddressAtom } from '../api/api-address.ts';
import { configuredEnvironments, normaliseBaseUrl, sameAddress, validBaseUrl } from './environments.ts';

const CUSTOM = 'custom';

export default function EnvironmentDialog({
  open,
  onClose,
  onSwitched,
}: {
  open: boolean;
  onClose: () => void;
  /** Called after the address changed (the shell then refreshes the view). */
  onSwitched: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [address, setAddress] = useAtom(apiAddressAtom);
  const environments = useMemo(() => configuredEnvironments(), []);
  const current = environments.find((e) => sameAddress(e, address));
  const [choice, setChoice] = useState<string>(current?.key ?? CUSTOM);
  const [baseUrl, setBaseUrl] = useState(current ? '' : address.baseUrl);
  const [singleApp, setSingleApp] = useState(current ? true : address.singleApp);
  const [error, setError] = useState<string | null>(null);
  const label = (name: string) => (i18n.exists(name) ? t(name) : name);

  const customEmpty = choice === CUSTOM && baseUrl.trim() === '';

  function submit(): void {
    if (choice === CUSTOM) {
      const problem = validBaseUrl(baseUrl);
      if (problem) {
        setError(t(problem));
        return;
      }
      setAddress({ baseUrl: normaliseBaseUrl(baseUrl), singleApp });
    } else {
      const picked = environments.find((e) => e.key === choice);
      if (!picked) return;
      setAddress({ baseUrl: picked.baseUrl, singleApp: picked.singleApp });
    }
    onClose();
    onSwitched();
  }

  return (
    <Modal
      open={open}
      title={t('environment.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: customEmpty, 'data-testid': 'environment-ok' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('environment.current', { address: address.baseUrl })}
        {address.singleApp ? ` · ${t('environment.singleApp')}` : ''}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('environment.choose')}>
          <Radio.Group
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value as string);
              setError(null);
            }}
          >
            <Space orientation="vertical">
              {environments.map((e) => (
                <Radio key={e.key} value={e.key} data-testid={`environment-${e.key}`}>
                  {label(e.name)}
                  <Typography.Text type="secondary">
                    {' '}
                    {e.baseUrl}
                    {e.singleApp ? ` · ${t('environment.singleApp')}` : ''}
                  </Typography.Text>
                </Radio>
              ))}
              <Radio value={CUSTOM} data-testid="environment-custom">
                {t('environment.custom')}
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {choice === CUSTOM && (
          <>
            <Form.Item label={t('environment.baseUrl')} htmlFor="environment-base-url" required>
              <Input
                id="environment-base-url"
                value={baseUrl}
                placeholder={t('environment.baseUrlPlaceholder')}
                onChange={(e) => {
                  setBaseUrl(e.target.value);
                  setError(null);
                }}
                onPressEnter={() => !customEmpty && submit()}
              />
            </Form.Item>
            <Form.Item>
              <Checkbox checked={singleApp} onChange={(e) => setSingleApp(e.target.checked)}>
                {t('environment.singleApp')}
              </Checkbox>
            </Form.Item>
          </>
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Form>
    </Modal>
  );
}
