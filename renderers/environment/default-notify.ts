/**
 * The default way the renderers talk to the user: antd's message and Modal through hooks held by the
 * dialog host (so they follow the theme). The host mounts that holder (and loads antd's Modal and
 * message) on the first notice, not with every page; with no host, antd's static functions.
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
/** Set by the dialog host: mounts the FeedbackHolder, which then calls setFeedbackApi. */
let mountHolder: (() => void) | null = null;
const waiting: ((api: FeedbackApi) => void)[] = [];

/** Called by the FeedbackHolder inside the dialog host. */
export function setFeedbackApi(api: FeedbackApi | null): void {
  holder = api;
  if (api) for (const resolve of waiting.splice(0)) resolve(api);
}

/** Called by the dialog host that draws: how to mount the holder on demand (null when it unmounts). */
export function setFeedbackMounter(mount: (() => void) | null): void {
  mountHolder = mount;
}

/** Shows the app's confirm dialog; resolves true on OK. For code outside a screen (the user menu). */
export function confirmWithFeedback(title: string, okText: string, cancelText: string): Promise<boolean> {
  return new Promise((resolve) => {
    void feedback().then((api) =>
      api.confirm({ title, okText, cancelText, onOk: () => resolve(true), onCancel: () => resolve(false) }),
    );
  });
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

function feedback(): Promise<FeedbackApi> {
  if (holder) return Promise.resolve(holder);
  const mount = mountHolder;
  if (!mount) return staticApi();
  return new Promise((resolve) => {
    waiting.push(resolve);
    mount();
  });
}

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
