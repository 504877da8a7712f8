/** Entry: load the saved language (texts, antd, dayjs) before the first paint, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { antdNotifier } from './app/antd-notifier.ts';
import { installE2eHook } from './api/e2e-hook.ts';
import { setNotifier } from './api/notifier.ts';
import { errorLogRootOptions, installErrorCapture } from './error-log/capture.ts';
import { applyLanguage } from './i18n/apply-language.ts';
import { languageAtom } from './session/atoms.ts';
import { appStore } from './session/store.ts';
import './app/global.css';

async function bootstrap(): Promise<void> {
  setNotifier(antdNotifier);
  installErrorCapture();
  installE2eHook();
  await applyLanguage(appStore, appStore.get(languageAtom));
  createRoot(document.getElementById('root')!, errorLogRootOptions).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void bootstrap();
