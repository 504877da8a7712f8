/**
 * "Act as {name}": asks why (kept in the server's acting audit), then switches. The server's refusal
 * (no permission, inactive account…) is shown in the dialog, which stays open.
 */
import { useState } from 'react';
import { Alert, ConfigProvider, Form, Input, Modal, Typography } from 'antd';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { isApiCallError } from '../api/api-call-error.ts';
import { antdLocaleAtom } from '../i18n/apply-language.ts';
import { i18n } from '../i18n/i18n.ts';
import { appStore } from './store.ts';
import { switchUser } from './acting.ts';

/** Spec §9: the default colour. */
const PRIMARY = '#409EFF';

/** Spec-free choice: the audit keeps at most this much of the reason (the server's limit). */
export const REASON_MAX = 500;

interface Target {
  account: string;
  name: string;
}

export function SwitchUserDialog({
  target,
  onDone,
  switcher = switchUser,
}: {
  target: Target;
  onDone: (switched: boolean) => void;
  switcher?: (account: string, reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const switching = useMutation((_signal, { account, why }: { account: string; why: string }) =>
    switcher(account, why),
  );
  // Switched: the dialog stays busy until the app reloads.
  const [switched, setSwitched] = useState(false);
  const busy = switching.running || switched;
  const failure = switching.error;
  const error = failure === undefined ? null : isApiCallError(failure) ? failure.text : t('acting.failed');
  const missing = reason.trim() === '';

  async function submit() {
    setTouched(true);
    if (missing) return;
    if (!(await switching.run({ account: target.account, why: reason.trim() }))?.ok) return;
    setSwitched(true);
    onDone(true);
  }

  return (
    <Modal
      open
      title={t('acting.dialogTitle', { name: target.name })}
      okText={t('acting.switch')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('acting.dialogText', { name: target.name, account: target.account })}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('acting.reason')}
          required
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? t('acting.reasonRequired') : undefined}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={REASON_MAX}
            showCount
            value={reason}
            data-testid="switch-reason"
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}

/** Opens the dialog over the page; resolves true when the switch was made (the app then reloads). */
export function askToSwitch(target: Target): Promise<boolean> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    const done = (switched: boolean) => {
      resolve(switched);
      // Let the closing animation start before the dialog goes.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 300);
    };
    root.render(
      <I18nextProvider i18n={i18n}>
        {/* Its own root, outside the shell's provider: give it the app's locale and colour. */}
        <ConfigProvider
          locale={appStore.get(antdLocaleAtom)}
          theme={{ zeroRuntime: true, token: { colorPrimary: PRIMARY } }}
        >
          <SwitchUserDialog target={target} onDone={done} />
        </ConfigProvider>
      </I18nextProvider>,
    );
  });
}
