/**
 * The default way the renderers talk to the user: antd's message and Modal through hooks held by the
 * dialog host (so they follow the theme); before that holder mounts, antd's static functions.
 * Tests and stories give their own `notify` in the renderer environment.
 */
import type { ActionUi, Translate } from './environment-types.ts';

export interface FeedbackApi {
  confirm(options: {
    title: string;
    okText: string;
    cancelText: string;
    onOk(): void;
    onCancel(): void;
  }): void;
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
  /** Returns a function that hides the notice. */
  loading(text: string): () => void;
}

let holder: FeedbackApi | null = null;

/** Called by the FeedbackHolder inside the dialog host. */
export function setFeedbackApi(api: FeedbackApi | null): void {
  holder = api;
}

const staticApi = async (): Promise<FeedbackApi> => {
  const [{ default: Modal }, { default: message }] = await Promise.all([
    import('antd/es/modal'),
    import('antd/es/message'),
  ]);
  return {
    confirm: (options) => void Modal.confirm(options),
    success: (text) => void message.success(text),
    warning: (text) => void message.warning(text),
    error: (text) => void message.error(text),
    loading: (text) => message.loading(text, 0),
  };
};

const feedback = (): Promise<FeedbackApi> => (holder ? Promise.resolve(holder) : staticApi());

export function defaultNotify(t: Translate): ActionUi {
  return {
    confirm: (text) =>
      new Promise<boolean>((resolve) => {
        void feedback().then((api) =>
          api.confirm({
            title: text,
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        );
      }),
    success: (text) => void feedback().then((api) => api.success(text)),
    warning: (text) => void feedback().then((api) => api.warning(text)),
    error: (text) => void feedback().then((api) => api.error(text)),
    loading: (text) => {
      let hide: (() => void) | undefined;
      let hidden = false;
      void feedback().then((api) => {
        if (!hidden) hide = api.loading(text);
      });
      return () => {
        hidden = true;
        hide?.();
      };
    },
  };
}
