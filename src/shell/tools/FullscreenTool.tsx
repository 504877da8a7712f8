/** Header tool: the browser's fullscreen, on and off. */
import { useEffect, useState } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../ToolButton.tsx';

export default function FullscreenTool() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const text = on ? t('shellKit.tools.exitFullscreen') : t('shellKit.tools.fullscreen');
  return (
    <ToolButton
      label={text}
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      pressed={on}
      onClick={() =>
        void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
          () => undefined,
        )
      }
      testId="fullscreen-button"
    />
  );
}
